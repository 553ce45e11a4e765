/** Index of the last element whose time is at or before `ts`, or -1 (elements sorted by time). */
export function lastAtOrBefore<T>(
  sorted: readonly T[],
  ts: number,
  timeOf: (item: T) => number,
): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = sorted[mid];
    if (item !== undefined && timeOf(item) <= ts) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the element closest in time to `ts`, or -1 when there is none. */
export function nearestIndex<T>(
  sorted: readonly T[],
  ts: number,
  timeOf: (item: T) => number,
): number {
  if (sorted.length === 0) return -1;
  const before = lastAtOrBefore(sorted, ts, timeOf);
  const after = before + 1;
  const a = sorted[before];
  const b = sorted[after];
  if (a === undefined) return after;
  if (b === undefined) return before;
  return ts - timeOf(a) <= timeOf(b) - ts ? before : after;
}

/** Sorts ascending by time; history arrives newest first, so a reverse usually suffices. */
export function ascendingByTime<T>(items: T[], timeOf: (item: T) => number): T[] {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < items.length && (ascending || descending); i++) {
    const prev = items[i - 1];
    const next = items[i];
    if (prev === undefined || next === undefined) continue;
    const d = timeOf(next) - timeOf(prev);
    if (d < 0) ascending = false;
    if (d > 0) descending = false;
  }
  if (ascending) return items;
  if (descending) return items.reverse();
  return items.sort((a, b) => timeOf(a) - timeOf(b));
}
