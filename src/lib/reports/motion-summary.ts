import type { TimeSpan } from '../history/split-range.ts';
import { dayIndex, spreadOverDays, type LocalDays } from '../../../contract/local-days.ts';
import type { Motion } from './trips.ts';

/**
 * Intervals [start, end] without any message from the node for longer than `silenceMs`, from its
 * first message in the range on. Before that first message nothing is said: the console cannot
 * tell a node that was silent from one that did not exist yet (a 30-day range over a node
 * commissioned a week ago is three weeks of no data, not three weeks of silence).
 */
export function silences(
  heard: Float64Array,
  range: TimeSpan,
  silenceMs: number,
): [number, number][] {
  const out: [number, number][] = [];
  let previous: number | undefined;
  for (const t of heard) {
    if (t < range.from || t > range.to) continue;
    if (previous !== undefined && t - previous > silenceMs) out.push([previous, t]);
    previous = t;
  }
  if (previous !== undefined && range.to - previous > silenceMs) out.push([previous, range.to]);
  return out;
}

/** A node's motion per local day. */
export interface DayMotion {
  distanceM: Float64Array;
  /** Time on trips. */
  movingMs: Float64Array;
  /** Time at stops. */
  stopMs: Float64Array;
  /** Stops and trips counted on the day they begin. */
  stops: Float64Array;
  trips: Float64Array;
  silentMs: Float64Array;
}

export function motionByDay(
  motion: Motion,
  silent: readonly [number, number][],
  days: LocalDays,
): DayMotion {
  const n = Math.max(0, days.starts.length - 1);
  const out: DayMotion = {
    distanceM: new Float64Array(n),
    movingMs: new Float64Array(n),
    stopMs: new Float64Array(n),
    stops: new Float64Array(n),
    trips: new Float64Array(n),
    silentMs: new Float64Array(n),
  };
  const count = (into: Float64Array, ts: number) => {
    const day = dayIndex(days, ts);
    if (day >= 0) into[day] = (into[day] ?? 0) + 1;
  };
  for (const trip of motion.trips) {
    spreadOverDays(days, trip.start, trip.end, out.movingMs);
    count(out.trips, trip.start);
    for (const [day, metres] of trip.byDay) out.distanceM[day] = (out.distanceM[day] ?? 0) + metres;
  }
  for (const stop of motion.stops) {
    spreadOverDays(days, stop.start, stop.end, out.stopMs);
    count(out.stops, stop.start);
  }
  for (const [start, end] of silent) spreadOverDays(days, start, end, out.silentMs);
  return out;
}

/** What a node was doing, for the timebar. */
export const NO_DATA = 0;
export const MOVING = 1;
export const PARKED = 2;
export const SILENT = 3;

/**
 * The timebar of a node across `width` pixel columns of a window: per column the state that
 * covers most of it. Stops are parked, trips moving, silences silent (over everything else); time
 * the node was heard but was not at a stop is moving (a trip, or a shuffle across a yard too short
 * for one) when the node reports positions at all, no data otherwise.
 */
export function timebar(
  window: TimeSpan,
  width: number,
  motion: Motion,
  silent: readonly [number, number][],
  heard: { first: number; last: number } | undefined,
  hasGps: boolean,
): Uint8Array {
  const columns = Math.max(1, Math.floor(width));
  const span = Math.max(1, window.to - window.from);
  const paint = (into: Float64Array, from: number, to: number) => {
    const a = Math.max(from, window.from);
    const b = Math.min(to, window.to);
    if (b <= a) return;
    const first = Math.floor(((a - window.from) / span) * columns);
    const last = Math.min(columns - 1, Math.floor(((b - window.from) / span) * columns));
    for (let c = first; c <= last; c++) {
      const start = window.from + (c / columns) * span;
      const end = window.from + ((c + 1) / columns) * span;
      into[c] = (into[c] ?? 0) + Math.max(0, Math.min(b, end) - Math.max(a, start));
    }
  };
  const observed = new Float64Array(columns);
  const parked = new Float64Array(columns);
  const quiet = new Float64Array(columns);
  if (heard && hasGps) paint(observed, heard.first, heard.last);
  for (const stop of motion.stops) paint(parked, stop.start, stop.end);
  for (const [start, end] of silent) paint(quiet, start, end);
  const states = new Uint8Array(columns);
  for (let c = 0; c < columns; c++) {
    const silentPart = quiet[c] ?? 0;
    const parkedPart = parked[c] ?? 0;
    const movingPart = (observed[c] ?? 0) - parkedPart - silentPart;
    const best = Math.max(silentPart, parkedPart, movingPart);
    states[c] =
      best <= 0 ? NO_DATA : best === silentPart ? SILENT : best === parkedPart ? PARKED : MOVING;
  }
  return states;
}
