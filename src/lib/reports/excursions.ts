import type { LinePoints } from '../history-store/m4.ts';
import { dayIndex, spreadOverDays, type LocalDays } from '../../../contract/local-days.ts';
import type { Limits } from './limits.ts';

const MINUTE = 60_000;

export interface ColdChainSettings {
  /** A reading stands for the time until the next one, but for no longer than this. */
  maxGapMs: number;
  /** Excursions shorter than this are not listed (an alarm delay); they still cost time in range. */
  minExcursionMs: number;
}

export const defaultColdChainSettings: ColdChainSettings = {
  maxGapMs: 15 * MINUTE,
  minExcursionMs: 0,
};

export interface Excursion {
  /** The first reading out of range. */
  start: number;
  /** The first reading back in range; the last one out if the data stops or pauses first. */
  end: number;
  side: 'above' | 'below';
  /** The reading furthest out: the highest above the band, the lowest below it. */
  peak: number;
  peakTs: number;
  readings: number;
  /** The data ends while it is still out of range. */
  ongoing: boolean;
  /** It ends at a pause in the data longer than `maxGapMs`: how it went on is not known. */
  gap: boolean;
}

export interface ColdChainFigures {
  excursions: Excursion[];
  /** Time the readings stood for, and how much of it in range (per range, and per local day). */
  coveredMs: number;
  inRangeMs: number;
  coveredByDay: Float64Array;
  inRangeByDay: Float64Array;
}

/** Out of range: below `min` or above `max`; a reading on a limit is in range. */
export function sideOf(value: number, limits: Limits): 'above' | 'below' | undefined {
  if (limits.max !== undefined && value > limits.max) return 'above';
  if (limits.min !== undefined && value < limits.min) return 'below';
  return undefined;
}

/**
 * A sensor's excursions and time in range. An excursion is a run of readings on one side of the
 * band; it starts at the first reading out and ends at the first reading back in (readings are
 * never interpolated to guess the crossing). A pause longer than `maxGapMs` ends it at the last
 * reading out. Time in range weighs each reading by the time until the next, at most `maxGapMs`.
 */
export function coldChain(
  line: LinePoints,
  limits: Limits,
  days: LocalDays,
  settings: ColdChainSettings = defaultColdChainSettings,
): ColdChainFigures {
  const { ts, values } = line;
  const n = ts.length;
  const dayCount = Math.max(0, days.starts.length - 1);
  const figures: ColdChainFigures = {
    excursions: [],
    coveredMs: 0,
    inRangeMs: 0,
    coveredByDay: new Float64Array(dayCount),
    inRangeByDay: new Float64Array(dayCount),
  };
  // Readings come in time order: the day of each is found by moving on, not by searching.
  let day = Math.max(0, dayIndex(days, ts[0] ?? 0));
  const starts = days.starts;
  const add = (into: Float64Array, from: number, to: number) => {
    while (day < dayCount - 1 && (starts[day + 1] ?? Infinity) <= from) day++;
    if (from >= (starts[day] ?? Infinity) && to <= (starts[day + 1] ?? -Infinity)) {
      into[day] = (into[day] ?? 0) + (to - from);
    } else spreadOverDays(days, from, to, into);
  };
  let open: Excursion | undefined;
  const close = (end: number, gap: boolean, ongoing: boolean) => {
    if (!open) return;
    open.end = end;
    open.gap = gap;
    open.ongoing = ongoing;
    if (open.end - open.start >= settings.minExcursionMs) figures.excursions.push(open);
    open = undefined;
  };
  for (let i = 0; i < n; i++) {
    const t = ts[i] ?? 0;
    const v = values[i] ?? 0;
    const side = sideOf(v, limits);
    const next = i + 1 < n ? (ts[i + 1] ?? 0) : undefined;
    const pause = next === undefined ? 0 : next - t;
    if (open && side !== open.side) close(t, false, false);
    if (side) {
      if (!open) {
        open = {
          start: t,
          end: t,
          side,
          peak: v,
          peakTs: t,
          readings: 0,
          ongoing: false,
          gap: false,
        };
      }
      open.readings += 1;
      if (side === 'above' ? v > open.peak : v < open.peak) {
        open.peak = v;
        open.peakTs = t;
      }
      if (next === undefined) close(t, false, true);
      else if (pause > settings.maxGapMs) close(t, true, false);
    }
    if (next === undefined) continue;
    const weight = Math.min(pause, settings.maxGapMs);
    figures.coveredMs += weight;
    add(figures.coveredByDay, t, t + weight);
    if (!side) {
      figures.inRangeMs += weight;
      add(figures.inRangeByDay, t, t + weight);
    }
  }
  return figures;
}
