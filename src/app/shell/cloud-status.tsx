import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { pingQuery } from '../../api/admin.ts';
import { useCloudReachable } from '../../api/network-status.ts';
import { formatClock } from '../../lib/history/format-time.ts';

/**
 * The header's word on the cloud. Reachability comes from every request (api/network-status.ts),
 * as the banner's does, so the two agree at once; the ping (every 30 s, every 5 s while the cloud
 * is away) tells whether it is operational and notices its return.
 */
export function CloudStatus() {
  const reachable = useCloudReachable();
  const { isPending, isError, dataUpdatedAt, errorUpdatedAt } = useQuery(pingQuery());
  const checked = formatClock(Math.max(dataUpdatedAt, errorUpdatedAt));
  const [color, text] = !reachable
    ? ['red', 'Cloud unreachable']
    : isPending
      ? ['gray', 'Cloud: checking…']
      : isError
        ? ['orange', 'Cloud not operational']
        : ['green', 'Cloud operational'];
  return (
    <Badge
      variant={reachable ? 'light' : 'filled'}
      color={color}
      role="status"
      title={isPending && reachable ? undefined : `Checked at ${checked}`}
      visibleFrom="xs"
    >
      {text}
    </Badge>
  );
}
