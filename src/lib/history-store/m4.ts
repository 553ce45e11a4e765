import type { TimeSpan } from '../history/split-range.ts';

/** Points of a line, oldest first, as two columns. */
export interface LinePoints {
  ts: Float64Array;
  values: Float64Array;
}

/** The first index whose time is ≥ `at` (`ts` ascending); `ts.length` if none. */
export function firstAtOrAfter(ts: Float64Array, at: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ts[mid] ?? 0) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The last index whose time is ≤ `at`; -1 if none. */
export function lastAtOrBefore(ts: Float64Array, at: number): number {
  return firstAtOrAfter(ts, at + 1) - 1;
}

/**
 * M4 (Jugel et al., VLDB 2014): for each pixel column of a plot `width` pixels wide, the first,
 * last, lowest and highest reading in it. A line through them draws exactly the pixels the line
 * through every reading would, with at most four points per column; each kept point is a real
 * reading, so a tooltip on them shows measured values, never interpolated ones. The neighbours
 * just outside the window are kept too, so the line runs to both edges. When zoomed in far
 * enough every reading is kept.
 */
export function m4(line: LinePoints, window: TimeSpan, width: number): LinePoints {
  const { ts, values } = line;
  const columns = Math.max(1, Math.floor(width));
  const begin = firstAtOrAfter(ts, window.from);
  const end = lastAtOrBefore(ts, window.to);
  const keep: number[] = [];
  if (begin > 0) keep.push(begin - 1);
  const span = Math.max(1, window.to - window.from);
  let column = -1;
  let first = 0;
  let last = 0;
  let low = 0;
  let high = 0;
  const flush = () => {
    // In time order, each index once.
    const picked = [first, low, high, last].sort((a, b) => a - b);
    for (let k = 0; k < picked.length; k++) {
      const index = picked[k] ?? 0;
      if (index !== picked[k - 1]) keep.push(index);
    }
  };
  for (let i = begin; i <= end; i++) {
    const t = ts[i] ?? 0;
    const v = values[i] ?? 0;
    const c = Math.min(columns - 1, Math.floor(((t - window.from) / span) * columns));
    if (c !== column) {
      if (column >= 0) flush();
      column = c;
      first = last = low = high = i;
      continue;
    }
    last = i;
    if (v < (values[low] ?? 0)) low = i;
    if (v > (values[high] ?? 0)) high = i;
  }
  if (column >= 0) flush();
  if (end + 1 < ts.length) keep.push(end + 1);
  const out: LinePoints = {
    ts: new Float64Array(keep.length),
    values: new Float64Array(keep.length),
  };
  keep.forEach((index, k) => {
    out.ts[k] = ts[index] ?? 0;
    out.values[k] = values[index] ?? 0;
  });
  return out;
}

/** Lowest and highest reading inside the window (with its outside neighbours), or undefined. */
export function extent(line: LinePoints): [number, number] | undefined {
  if (line.values.length === 0) return undefined;
  let low = Infinity;
  let high = -Infinity;
  for (const v of line.values) {
    if (v < low) low = v;
    if (v > high) high = v;
  }
  return [low, high];
}
