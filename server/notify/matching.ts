import type { Alarm } from '../../contract/alarms.ts';
import type { NotificationSettings, QuietHours } from '../../contract/notifications.ts';

/** Minutes since midnight of `at` in `timeZone`. */
function minutesIn(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `at` falls in the quiet hours (which may run past midnight: 22:00 to 07:00). */
export function isQuiet(quiet: QuietHours, at: number): boolean {
  const now = minutesIn(at, quiet.timeZone);
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** Where an alarm is, by id: its node and the groups that node (or the sensor) is in. */
export interface AlarmPlace {
  nodeUuid: string;
  groupUuids: readonly string[];
}

/**
 * Whether a person's settings ask for this alarm change at `at`. Reach is not looked at here:
 * the queue and the sender check it (docs/decisions/0186-notifications.md).
 */
export function wants(
  settings: NotificationSettings,
  alarm: Pick<Alarm, 'kind' | 'severity'>,
  place: AlarmPlace,
  at: number,
): boolean {
  if (settings.means.length === 0) return false;
  if (settings.kinds.length > 0 && !settings.kinds.includes(alarm.kind)) return false;
  if (settings.severities.length > 0 && !settings.severities.includes(alarm.severity)) {
    return false;
  }
  const narrowed = settings.groups.length > 0 || settings.nodes.length > 0;
  if (
    narrowed &&
    !settings.nodes.includes(place.nodeUuid) &&
    !place.groupUuids.some((uuid) => settings.groups.includes(uuid))
  ) {
    return false;
  }
  const quiet = settings.quietHours;
  if (quiet && isQuiet(quiet, at) && !(quiet.criticalPasses && alarm.severity === 'critical')) {
    return false;
  }
  return true;
}
