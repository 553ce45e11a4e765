import type { Timeslice } from '../../../contract/timeslice.ts';
import { locationOf } from './gps-track.ts';

/** A message's value in a few words, for the raw data table. */
export function describeValue(item: Timeslice): string {
  switch (item.type) {
    case 'TEMP':
      return item.value.temperature === undefined
        ? 'no temperature'
        : `${item.value.temperature} °C`;
    case 'CONN': {
      const parts = [
        item.value.function === undefined ? undefined : `function ${item.value.function}`,
        item.value.version === undefined ? undefined : `version ${item.value.version}`,
      ].filter(Boolean);
      return parts.length ? parts.join(', ') : 'connected';
    }
    case 'GPS': {
      const location = locationOf(item.value);
      if (item.value.stationary === false) return 'moving, no position';
      if (!location) return 'no position';
      const parts = [`${location.lat.toFixed(5)}, ${location.lon.toFixed(5)}`];
      if (item.value.hdop !== undefined) parts.push(`hdop ${item.value.hdop}`);
      parts.push(item.value.calculated ? 'calculated' : 'GPS fix');
      return parts.join(' · ');
    }
  }
}
