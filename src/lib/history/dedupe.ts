import type { Timeslice } from '../../../contract/timeslice.ts';

/** A sensor has at most one reading per instant, so sensor and ts identify a timeslice. */
export function sliceKey(item: Pick<Timeslice, 'sensorUuid' | 'ts'>): string {
  return `${item.sensorUuid}@${item.ts}`;
}

/** Keeps the first of each sensor-and-instant pair, in the order given. */
export function dedupeTimeslices<T extends Pick<Timeslice, 'sensorUuid' | 'ts'>>(items: T[]): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of items) {
    const key = sliceKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(item);
  }
  return kept;
}
