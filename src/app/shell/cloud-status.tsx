import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pingQuery } from '../../api/admin.ts';
import { ApiError } from '../../api/errors.ts';
import { useCloudReachable, useCloudWaiting } from '../../api/network-status.ts';
import { formatClock } from '../../lib/history/format-time.ts';
import { t } from '../../i18n/i18n.ts';
import { errorWords } from '../../components/error-words.ts';

/**
 * The header's word on the cloud. Reachability comes from every request (api/network-status.ts),
 * as the banner's does, so the two agree at once; the ping (every 30 s, every 5 s while the cloud
 * is away) tells whether it is operational and notices its return.
 */
export function CloudStatus() {
  const reachable = useCloudReachable();
  const waitingFor = useCloudWaiting();
  const { isPending, isError, error, dataUpdatedAt, errorUpdatedAt } = useQuery(pingQuery());
  const checked = formatClock(Math.max(dataUpdatedAt, errorUpdatedAt));
  // The browser refusing the cloud (CORS, this page's policy) is not the cloud being down.
  const blocked = error instanceof ApiError && error.code === 'BLOCKED';
  const [color, text] = blocked
    ? ['red', t('cloud.blocked')]
    : !reachable
      ? ['red', t('cloud.unreachable')]
      : waitingFor !== null
        ? ['orange', t('cloud.notReady')]
        : isPending
          ? ['gray', t('cloud.checking')]
          : isError
            ? ['orange', t('cloud.notOperational')]
            : ['green', t('cloud.operational')];
  return (
    <Badge
      variant={reachable && !blocked ? 'light' : 'filled'}
      color={color}
      role="status"
      title={
        blocked
          ? errorWords(error)
          : waitingFor !== null && reachable
            ? waitingFor
            : isPending && reachable
              ? undefined
              : t('cloud.checkedAt', { time: checked })
      }
      visibleFrom="xs"
    >
      {text}
    </Badge>
  );
}
