import type { Alarm } from '../../../contract/alarms.ts';
import { t } from '../../i18n/i18n.ts';
import { formatMinute } from '../../lib/history/format-time.ts';
import { formatDegrees } from '../../lib/format-number.ts';

/** An alarm's moments in the console's one format (format-time.ts), to the minute. */
export const formatMoment = (ms: number) => formatMinute(ms);

/** What went wrong, in a person's words: "12 °C, above 8 °C (peak 14 °C)". */
export function describeAlarm(alarm: Alarm): string {
  if (alarm.kind === 'silence') {
    return t('alarms.what.silence', {
      since: formatMoment(alarm.excursionStart?.ts ?? alarm.raisedAt),
    });
  }
  if (alarm.kind === 'place') {
    return t('alarms.what.place', { place: alarm.place?.name ?? '?' });
  }
  const value = alarm.raisedBy?.value ?? alarm.excursionStart?.value ?? Number.NaN;
  const peak = alarm.peak?.value ?? value;
  if (alarm.direction === 'below') {
    return t('alarms.what.below', {
      value: formatDegrees(value),
      peak: formatDegrees(peak),
      limit: formatDegrees(alarm.limits?.min ?? Number.NaN),
    });
  }
  return t('alarms.what.above', {
    value: formatDegrees(value),
    peak: formatDegrees(peak),
    limit: formatDegrees(alarm.limits?.max ?? Number.NaN),
  });
}
