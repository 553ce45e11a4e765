import type { Series, SeriesPoint } from './temperature-series.ts';
import { nearestIndex } from './search.ts';

export interface ValueAt {
  sensorUuid: string;
  label: string;
  point: SeriesPoint;
}

/**
 * The reading of each line nearest to an instant, when one lies within `tolerance` ms: exact
 * values and times for the tooltip, never interpolated ones.
 */
export function valuesAt(series: readonly Series[], ts: number, tolerance: number): ValueAt[] {
  const found: ValueAt[] = [];
  for (const s of series) {
    const point = s.points[nearestIndex(s.points, ts, (p) => p.ts)];
    if (point && Math.abs(point.ts - ts) <= tolerance) {
      found.push({ sensorUuid: s.sensorUuid, label: s.label, point });
    }
  }
  return found;
}
