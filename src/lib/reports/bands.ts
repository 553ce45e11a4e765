import { firstAtOrAfter, lastAtOrBefore } from '../history-store/m4.ts';
import type { TempSeries } from '../history-store/extract.ts';
import type { Band } from '../history-store/protocol.ts';
import type { TimeSpan } from '../history/split-range.ts';
import type { AppliedLimits } from './limits.ts';

export interface BandMember {
  series: TempSeries;
  limits: AppliedLimits | undefined;
}

/**
 * Sensors with the same limits form a band: a frozen load and a chilled one on one chart would
 * give a median of neither. Sensors without limits form one band of their own.
 */
export function cohorts(
  members: readonly BandMember[],
): { key: string; limits: AppliedLimits | undefined; members: BandMember[] }[] {
  const byKey = new Map<string, BandMember[]>();
  for (const member of members) {
    const key = member.limits ? `${member.limits.min ?? ''}|${member.limits.max ?? ''}` : 'none';
    byKey.set(key, [...(byKey.get(key) ?? []), member]);
  }
  return [...byKey.entries()]
    .map(([key, list]) => ({
      key,
      limits: list[0]?.limits,
      members: list,
    }))
    .sort((a, b) => (b.limits?.max ?? Infinity) - (a.limits?.max ?? Infinity));
}

/**
 * A band across members, per pixel column of the window: the lowest and highest reading of any
 * member in the column, and the median of the members' means in it. A member with no reading in
 * a column is taken at its last reading when that is at most `carryMs` old, so a band does not
 * flicker with the members' sampling. `out` counts the members with a reading out of their
 * limits in the column.
 */
export function band(
  key: string,
  limits: AppliedLimits | undefined,
  members: readonly BandMember[],
  window: TimeSpan,
  width: number,
  carryMs: number,
): Band {
  const columns = Math.max(1, Math.floor(width));
  const span = Math.max(1, window.to - window.from);
  const n = members.length;
  const lows = new Float64Array(columns * n).fill(Number.NaN);
  const highs = new Float64Array(columns * n).fill(Number.NaN);
  const means = new Float64Array(columns * n).fill(Number.NaN);
  const out = new Uint16Array(columns);
  members.forEach(({ series, limits: own }, m) => {
    const { ts, values } = series;
    const begin = firstAtOrAfter(ts, window.from);
    const end = lastAtOrBefore(ts, window.to);
    let column = -1;
    let sum = 0;
    let count = 0;
    let outside = false;
    const flush = () => {
      if (column < 0) return;
      means[column * n + m] = sum / count;
      if (outside) out[column] = (out[column] ?? 0) + 1;
    };
    for (let i = begin; i <= end; i++) {
      const v = values[i] ?? 0;
      const c = Math.min(columns - 1, Math.floor((((ts[i] ?? 0) - window.from) / span) * columns));
      if (c !== column) {
        flush();
        column = c;
        sum = 0;
        count = 0;
        outside = false;
      }
      sum += v;
      count += 1;
      const at = c * n + m;
      if (!(v >= (lows[at] as number))) lows[at] = v;
      if (!(v <= (highs[at] as number))) highs[at] = v;
      if (own && ((own.max !== undefined && v > own.max) || (own.min !== undefined && v < own.min)))
        outside = true;
    }
    flush();
    // Carry the last reading across empty columns.
    let lastTs = begin > 0 ? (ts[begin - 1] ?? -Infinity) : -Infinity;
    let lastValue = begin > 0 ? (values[begin - 1] ?? Number.NaN) : Number.NaN;
    let i = begin;
    for (let c = 0; c < columns; c++) {
      const columnEnd = window.from + ((c + 1) / columns) * span;
      const at = c * n + m;
      const columnStart = window.from + (c / columns) * span;
      if (
        Number.isNaN(means[at] as number) &&
        columnStart - lastTs <= carryMs &&
        !Number.isNaN(lastValue)
      ) {
        means[at] = lows[at] = highs[at] = lastValue;
      }
      while (i <= end && (ts[i] ?? 0) < columnEnd) {
        lastTs = ts[i] ?? 0;
        lastValue = values[i] ?? Number.NaN;
        i++;
      }
    }
  });
  const low = new Float64Array(columns).fill(Number.NaN);
  const median = new Float64Array(columns).fill(Number.NaN);
  const high = new Float64Array(columns).fill(Number.NaN);
  const column: number[] = [];
  for (let c = 0; c < columns; c++) {
    column.length = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let m = 0; m < n; m++) {
      const at = c * n + m;
      const mean = means[at] as number;
      if (Number.isNaN(mean)) continue;
      column.push(mean);
      lo = Math.min(lo, lows[at] as number);
      hi = Math.max(hi, highs[at] as number);
    }
    if (column.length === 0) continue;
    column.sort((a, b) => a - b);
    const mid = column.length >> 1;
    median[c] =
      column.length % 2 ? (column[mid] ?? 0) : ((column[mid - 1] ?? 0) + (column[mid] ?? 0)) / 2;
    low[c] = lo;
    high[c] = hi;
  }
  return { key, limits, members: n, low, median, high, out };
}
