import { distanceM } from '../geo/distance.ts';
import {
  DEFAULT_MOTION_RULE,
  standingAt,
  standingBySpeed,
  STILL_RADIUS_M,
  type Fix,
} from '../motion/fix-motion.ts';
import type { NodeGps } from '../history-store/extract.ts';
import type { TimeSpan } from '../history/split-range.ts';
import { dayIndex, type LocalDays } from '../../../contract/local-days.ts';

const MINUTE = 60_000;

/** Thresholds of trip and stop detection; the defaults are Traccar's (docs/decisions/). */
export interface TripSettings {
  /** Standing still at least this long is a stop; shorter is traffic. */
  minStopMs: number;
  /** Movement between stops is a trip only if at least this far… */
  minTripDistanceM: number;
  /** …and at least this long; otherwise the stops either side are one stop. */
  minTripMs: number;
  /** Between two fixes without a `stationary` flag, slower than this is standing still. */
  movingKmh: number;
  /** No message at all for longer than this is silence. */
  silenceMs: number;
}

export const defaultTripSettings: TripSettings = {
  minStopMs: 5 * MINUTE,
  minTripDistanceM: 500,
  minTripMs: 5 * MINUTE,
  ...DEFAULT_MOTION_RULE,
};

/** Two fixes this close are at the same place, scatter aside. */
const SAME_PLACE_M = 50;

export interface Stop {
  start: number;
  end: number;
  /** Where it stood (the first position of the stop); NaN when no position is known. */
  lat: number;
  lon: number;
  /** It was already standing there when the range began, or still is when it ends. */
  startOpen: boolean;
  endOpen: boolean;
  /** First and last GPS rows of the stop. */
  first: number;
  last: number;
}

export interface Trip {
  start: number;
  end: number;
  distanceM: number;
  fromLat: number;
  fromLon: number;
  toLat: number;
  toLon: number;
  startOpen: boolean;
  endOpen: boolean;
  /** Part of it went unobserved: no GPS message for longer than the silence threshold. */
  gap: boolean;
  /** GPS rows it runs through: from the last row of the stop before to the first of the next. */
  first: number;
  last: number;
  /** Metres driven per local day (day index, metres), when days were given: legs count on the day they end. */
  byDay: [number, number][];
}

export interface Motion {
  stops: Stop[];
  trips: Trip[];
}

/** When the node was heard at all; decides whether a stop or trip runs on past the range. */
export interface Heard {
  first: number;
  last: number;
}

const has = (gps: NodeGps, i: number) => !Number.isNaN(gps.lat[i] ?? Number.NaN);
const between = (gps: NodeGps, i: number, j: number) =>
  distanceM(gps.lat[i] ?? 0, gps.lon[i] ?? 0, gps.lat[j] ?? 0, gps.lon[j] ?? 0);

/**
 * Whether each GPS message finds the node standing still, by the rule the Fleet map uses too
 * (lib/motion/fix-motion.ts): the flag where the node sends it, a departure just before, else the
 * speed from the previous position. The very first fix, which has none, is judged against the next
 * one; a message without a position keeps the state of the one before.
 */
function fixAt(gps: NodeGps, i: number): Fix {
  const flag = gps.stationary[i];
  return {
    ts: gps.ts[i] ?? 0,
    lat: gps.lat[i] ?? 0,
    lon: gps.lon[i] ?? 0,
    stationary: flag === 2 ? true : flag === 1 ? false : undefined,
  };
}

function stillFlags(gps: NodeGps, settings: TripSettings): Uint8Array {
  const n = gps.ts.length;
  const still = new Uint8Array(n);
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const flag = gps.stationary[i];
    if (flag === 2) still[i] = 1;
    else if (flag === 1) still[i] = 0;
    else if (!has(gps, i)) still[i] = i > 0 ? (still[i - 1] ?? 0) : 0;
    else {
      const departed = gps.stationary[i - 1] === 1 && i - 1 > previous;
      let verdict = standingAt(
        fixAt(gps, i),
        previous >= 0 ? fixAt(gps, previous) : undefined,
        departed,
        settings,
      );
      if (verdict === undefined && previous < 0) {
        let next = i + 1;
        while (next < n && !has(gps, next)) next++;
        if (next < n) verdict = standingBySpeed(fixAt(gps, i), fixAt(gps, next), settings);
      }
      still[i] =
        verdict === undefined ? (previous >= 0 ? (still[previous] ?? 0) : 0) : verdict ? 1 : 0;
    }
    if (has(gps, i)) previous = i;
  }
  return still;
}

interface Run {
  first: number;
  last: number;
  /** Row of the stop's position, -1 if none is known. */
  at: number;
}

/** Maximal runs of standing still, broken where the node turns up elsewhere. */
function stillRuns(gps: NodeGps, still: Uint8Array): Run[] {
  const runs: Run[] = [];
  const n = still.length;
  let lastPosition = -1;
  let i = 0;
  while (i < n) {
    if (!still[i]) {
      if (has(gps, i)) lastPosition = i;
      i++;
      continue;
    }
    let at = has(gps, i) ? i : lastPosition;
    let j = i + 1;
    for (; j < n && still[j]; j++) {
      if (!has(gps, j)) continue;
      if (at < 0) at = j;
      else if (between(gps, at, j) > STILL_RADIUS_M) break;
    }
    // Judged by speed (no flag), a node is seen standing a fix after it arrived: the fix before,
    // at the same place, is where the stop began.
    const before = i - 1;
    const arrived =
      before >= 0 &&
      gps.stationary[i] === 0 &&
      gps.stationary[before] === 0 &&
      has(gps, before) &&
      at >= 0 &&
      between(gps, before, at) <= SAME_PLACE_M;
    runs.push({ first: arrived ? before : i, last: j - 1, at });
    for (let k = i; k < j; k++) if (has(gps, k)) lastPosition = k;
    i = j;
  }
  return runs;
}

/**
 * Trips and stops of one node over a range, from its GPS messages (oldest first), as Traccar
 * finds them: standing still for at least `minStopMs` is a stop; the movement between two stops
 * is a trip when it covers `minTripDistanceM` and lasts `minTripMs`, and otherwise the two stops
 * are one. A stop or trip under way when the range begins or ends (the node heard within the
 * silence threshold of that edge) runs to the edge and is marked open there; it is kept however
 * short the part inside the range is. Positions the cloud calculated (tunnels) count like fixes.
 */
export function detectTrips(
  gps: NodeGps,
  range: TimeSpan,
  heard: Heard,
  settings: TripSettings = defaultTripSettings,
  days?: LocalDays,
): Motion {
  const n = gps.ts.length;
  if (n === 0) return { stops: [], trips: [] };
  const ts = gps.ts;
  const openStart = heard.first - range.from <= settings.silenceMs;
  const openEnd = range.to - heard.last <= settings.silenceMs;
  const time = (i: number) => ts[i] ?? 0;

  /**
   * A stop lasts until the node is seen moving; if it went silent first (and turned up elsewhere),
   * until it was last seen there: when it left is not known.
   */
  const stopEnd = (run: Run) => {
    if (run.last + 1 >= n) return openEnd ? range.to : time(run.last);
    const next = time(run.last + 1);
    return next - time(run.last) > settings.silenceMs ? time(run.last) : next;
  };
  const toStop = (run: Run): Stop => ({
    start: run.first === 0 && openStart ? range.from : time(run.first),
    end: stopEnd(run),
    lat: run.at >= 0 ? (gps.lat[run.at] ?? Number.NaN) : Number.NaN,
    lon: run.at >= 0 ? (gps.lon[run.at] ?? Number.NaN) : Number.NaN,
    startOpen: run.first === 0 && openStart,
    endOpen: run.last === n - 1 && openEnd,
    first: run.first,
    last: run.last,
  });
  const candidates = stillRuns(gps, stillFlags(gps, settings))
    .map(toStop)
    .filter((s) => s.end - s.start >= settings.minStopMs || s.startOpen || s.endOpen);

  /**
   * The movement through rows `first`…`last`, from `start` to `end`; its path begins at the
   * position of row `origin` (the stop it leaves) when there is one. Only a trip with no stop
   * before it (or after it) can be under way at the range's edge.
   */
  const trip = (
    first: number,
    last: number,
    start: number,
    end: number,
    origin = -1,
    edges = { start: false, end: false },
  ): Trip => {
    let distance = 0;
    let gap = false;
    let previous = origin >= 0 && has(gps, origin) ? origin : -1;
    let from = previous;
    const byDay: [number, number][] = [];
    for (let i = first; i <= last; i++) {
      if (i > first && time(i) - time(i - 1) > settings.silenceMs) gap = true;
      if (!has(gps, i)) continue;
      if (previous >= 0) {
        const leg = between(gps, previous, i);
        distance += leg;
        const day = days ? dayIndex(days, time(i)) : -1;
        const entry = byDay.at(-1);
        if (entry && entry[0] === day) entry[1] += leg;
        else if (day >= 0) byDay.push([day, leg]);
      } else from = i;
      previous = i;
    }
    return {
      start,
      end,
      distanceM: distance,
      fromLat: from >= 0 ? (gps.lat[from] ?? Number.NaN) : Number.NaN,
      fromLon: from >= 0 ? (gps.lon[from] ?? Number.NaN) : Number.NaN,
      toLat: previous >= 0 ? (gps.lat[previous] ?? Number.NaN) : Number.NaN,
      toLon: previous >= 0 ? (gps.lon[previous] ?? Number.NaN) : Number.NaN,
      startOpen: edges.start && start === range.from,
      endOpen: edges.end && end === range.to,
      gap,
      first,
      last,
      byDay,
    };
  };
  const qualifies = (t: Trip) =>
    t.startOpen ||
    t.endOpen ||
    (t.distanceM >= settings.minTripDistanceM && t.end - t.start >= settings.minTripMs);
  /** Where a trip into a stop ends: the stop's first position. */
  const arrival = (s: Stop) => {
    for (let i = s.first; i <= s.last; i++) if (has(gps, i)) return i;
    return s.first;
  };
  /** Where a trip out of a stop begins: its last position (a merged stop may have moved a little). */
  const departure = (s: Stop) => {
    for (let i = s.last; i >= s.first; i--) if (has(gps, i)) return i;
    return s.last;
  };

  /**
   * A trip runs from the place of the stop it leaves to the place of the stop it reaches, so a
   * stop's place is the previous trip's "to" and the next trip's "from" (one name in both tables).
   * Its path may start a little elsewhere: a stop merged over a hop too short for a trip keeps the
   * place where it began, and a stop's position is where it first stood.
   */
  const placed = (t: Trip, from: Stop | undefined, to: Stop | undefined): Trip => {
    const out = { ...t };
    if (from && !Number.isNaN(from.lat)) {
      out.fromLat = from.lat;
      out.fromLon = from.lon;
    }
    if (to && !Number.isNaN(to.lat)) {
      out.toLat = to.lat;
      out.toLon = to.lon;
    }
    return out;
  };

  const stops: Stop[] = [];
  const trips: Trip[] = [];
  const first = candidates[0];
  if (!first) {
    const start = openStart ? range.from : time(0);
    const only = trip(0, n - 1, start, openEnd ? range.to : time(n - 1), -1, {
      start: true,
      end: true,
    });
    return { stops, trips: qualifies(only) ? [only] : [] };
  }
  if (first.first > 0) {
    const start = openStart ? range.from : time(0);
    const lead = trip(0, arrival(first), start, first.start, -1, { start: true, end: false });
    if (qualifies(lead)) trips.push(placed(lead, undefined, first));
  }
  let current = first;
  for (const next of candidates.slice(1)) {
    const move = trip(current.last, arrival(next), current.end, next.start, departure(current));
    if (qualifies(move)) {
      stops.push(current);
      trips.push(placed(move, current, next));
      current = next;
    } else {
      current = { ...current, end: next.end, endOpen: next.endOpen, last: next.last };
    }
  }
  stops.push(current);
  if (current.last < n - 1) {
    const end = openEnd ? range.to : time(n - 1);
    const tail = trip(current.last, n - 1, current.end, end, departure(current), {
      start: false,
      end: true,
    });
    if (qualifies(tail)) trips.push(placed(tail, current, undefined));
  }
  return { stops, trips };
}
