import type { Timeslice } from '../../../contract/timeslice.ts';
import { ascendingByTime } from './search.ts';

export interface SeriesPoint {
  ts: number;
  value: number;
}

/** One sensor's temperatures, oldest first. */
export interface Series {
  sensorUuid: string;
  label: string;
  points: SeriesPoint[];
}

const byTime = (p: SeriesPoint) => p.ts;

/** A line per sensor; readings without a temperature are left out. */
export function temperatureSeries(items: Iterable<Timeslice>): Series[] {
  const bySensor = new Map<string, Series>();
  for (const item of items) {
    if (item.type !== 'TEMP') continue;
    const value = item.value.temperature;
    if (value === undefined || !Number.isFinite(value)) continue;
    let series = bySensor.get(item.sensorUuid);
    if (!series) {
      series = {
        sensorUuid: item.sensorUuid,
        label: `${item.nodeName} · ${item.sensorName}`,
        points: [],
      };
      bySensor.set(item.sensorUuid, series);
    }
    series.points.push({ ts: item.ts, value });
  }
  const all = [...bySensor.values()];
  for (const series of all) ascendingByTime(series.points, byTime);
  return all.sort((a, b) => a.label.localeCompare(b.label));
}
