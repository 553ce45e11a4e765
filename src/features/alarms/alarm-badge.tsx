import { Badge, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { alarmsQuery } from '../../api/alarms.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { t } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { useLocalAlarms } from '../../lib/alarms/local-alarms-context.ts';
import { useAlarmNotifications } from './use-alarm-notifications.ts';

/** The most the badge counts exactly; beyond it, "999+". */
const COUNTED = 1_000;

/**
 * Active alarms nobody has acknowledged yet, in the caller's reach, from the cloud's alarms
 * extension; on a cloud without it, those this console raised while open (nothing for someone
 * who may not read history).
 */
export function AlarmBadge() {
  const { data: extensions } = useQuery(extensionsQuery());
  const offered = extensions?.alarms === true;
  const { data } = useQuery({ ...alarmsQuery({ state: 'raised' }, COUNTED), enabled: offered });
  // A cloud without alarms: those this console raises itself while it is open.
  const local = useLocalAlarms();
  const localRaised = useMemo(
    () => (local?.ready ? local.alarms.filter((alarm) => alarm.state === 'raised') : undefined),
    [local],
  );
  const raised = offered ? data?.alarms : localRaised;
  useAlarmNotifications(raised);
  if (!raised) return null;
  const count = raised.length;
  // The name starts with what the badge shows, so speech and sight agree (WCAG 2.5.3).
  const shown = count >= COUNTED ? `${COUNTED - 1}+` : String(count);
  return (
    <UnstyledButton
      component={Link}
      to={paths.alarms.href()}
      aria-label={t('alarms.badge', { count, shown })}
      title={offered ? undefined : t('alarms.local.badgeTitle')}
    >
      <Badge
        color={count > 0 ? 'red' : 'gray'}
        variant={count > 0 ? 'filled' : 'light'}
        aria-hidden
      >
        {shown}
      </Badge>
    </UnstyledButton>
  );
}
