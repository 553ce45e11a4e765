import type { Timeslice } from '../../../contract/timeslice.ts';
import { t } from '../../i18n/i18n.ts';
import { accuracyMetres } from '../geo/accuracy.ts';
import { formatDegrees } from '../format-number.ts';
import { formatPlace } from '../reports/format.ts';
import { locationOf } from './gps-track.ts';

/**
 * A message's value in a few words, for the raw data table: a fix's accuracy in metres, not its
 * HDOP (issue 22: "hdop" is a developer's word; the raw JSON keeps the figure for support).
 */
export function describeValue(item: Timeslice): string {
  switch (item.type) {
    case 'TEMP':
      return item.value.temperature === undefined
        ? t('rawValue.noTemperature')
        : formatDegrees(item.value.temperature, 3);
    case 'CONN': {
      const parts = [
        item.value.function === undefined
          ? undefined
          : t('rawValue.function', { function: item.value.function }),
        item.value.version === undefined
          ? undefined
          : t('rawValue.version', { version: item.value.version }),
      ].filter(Boolean);
      return parts.length ? parts.join(', ') : t('rawValue.connected');
    }
    case 'GPS': {
      const location = locationOf(item.value);
      if (item.value.stationary === false) return t('rawValue.movingNoPosition');
      if (!location) return t('rawValue.noPosition');
      const parts = [formatPlace(location.lat, location.lon)];
      if (item.value.hdop !== undefined)
        parts.push(t('rawValue.accuracy', { metres: accuracyMetres(item.value.hdop) }));
      parts.push(item.value.calculated ? t('rawValue.calculated') : t('trackPanel.gpsFix'));
      return parts.join(' · ');
    }
  }
}
