import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDays } from '../../../contract/local-days.ts';
import { motionByDay, silences } from './motion-summary.ts';
import { drive, legs, nodeGps, park, simulate, type Leg, type Sample } from './test-tracks.ts';
import { defaultTripSettings, detectTrips, type Motion } from './trips.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tuesday 4 March 2025, 00:00 in Amsterdam (UTC+1). */
const MIDNIGHT = Date.UTC(2025, 2, 3, 23);

function motionOf(samples: Sample[], range?: { from: number; to: number }): Motion {
  const gps = nodeGps(samples);
  const first = samples[0]?.ts ?? 0;
  const last = samples.at(-1)?.ts ?? 0;
  const span = range ?? { from: first, to: last };
  return detectTrips(
    gps,
    span,
    { first, last },
    defaultTripSettings,
    localDays(span, 'Europe/Amsterdam'),
  );
}

describe('trips and stops', () => {
  it('finds a delivery round: parked, two trips with a stop between, parked again', () => {
    const samples = simulate([park(120), drive(20, 30), park(30), drive(15, 40), park(60)], {
      start: MIDNIGHT + 6 * HOUR,
    });
    const { stops, trips } = motionOf(samples);
    expect(stops.map((s) => [s.start, s.end])).toEqual([
      [MIDNIGHT + 6 * HOUR, MIDNIGHT + 8 * HOUR],
      [MIDNIGHT + 8 * HOUR + 20 * MINUTE, MIDNIGHT + 8 * HOUR + 50 * MINUTE],
      [MIDNIGHT + 9 * HOUR + 5 * MINUTE, samples.at(-1)?.ts],
    ]);
    expect(stops[0]?.startOpen).toBe(true);
    expect(stops[2]?.endOpen).toBe(true);
    expect(trips).toHaveLength(2);
    expect(trips[0]?.distanceM).toBeCloseTo(10_000, -1);
    expect(trips[1]?.distanceM).toBeCloseTo(10_000, -1);
    expect(trips[0]?.start).toBe(stops[0]?.end);
    expect(trips[0]?.end).toBe(stops[1]?.start);
  });

  it('keeps a van parked across midnight as one stop and splits its time by local day', () => {
    const evening = MIDNIGHT + 18 * HOUR;
    const samples = simulate([drive(30, 30), park(13 * 60), drive(30, 30)], {
      start: evening - 30 * MINUTE,
    });
    const range = { from: MIDNIGHT, to: MIDNIGHT + 2 * 24 * HOUR - 1 };
    const motion = motionOf(samples, range);
    expect(motion.stops).toHaveLength(1);
    const [stop] = motion.stops;
    expect(stop?.start).toBe(evening);
    expect(stop?.end).toBe(evening + 13 * HOUR);
    const days = localDays(range, 'Europe/Amsterdam');
    expect(days.labels).toEqual(['2025-03-04', '2025-03-05']);
    const perDay = motionByDay(motion, [], days);
    expect([...perDay.stopMs]).toEqual([6 * HOUR, 7 * HOUR]);
    // Counted once, on the day it began.
    expect([...perDay.stops]).toEqual([1, 0]);
    expect([...perDay.trips]).toEqual([1, 1]);
    // 15 km, less the first 30 s before the first fix.
    expect(perDay.distanceM[0]).toBeCloseTo(14_750, -1);
  });

  it('keeps a stop whole through a silent tracker and reports the silence', () => {
    const samples = simulate([drive(20, 30), park(8 * 60), drive(20, 30)], { start: MIDNIGHT });
    // The tracker says nothing for five hours while parked.
    const quiet = samples.filter((s) => s.ts <= MIDNIGHT + 2 * HOUR || s.ts >= MIDNIGHT + 7 * HOUR);
    const motion = motionOf(quiet);
    expect(motion.stops).toHaveLength(1);
    expect(motion.stops[0]?.end).toBe(MIDNIGHT + 8 * HOUR + 20 * MINUTE);
    const heard = Float64Array.from(quiet, (s) => s.ts);
    const range = { from: MIDNIGHT, to: quiet.at(-1)?.ts ?? 0 };
    const silent = silences(heard, range, defaultTripSettings.silenceMs);
    expect(silent).toHaveLength(1);
    expect(silent[0]?.[1]).toBeGreaterThanOrEqual(MIDNIGHT + 7 * HOUR);
  });

  it('counts no silence before a node’s first message in the range, only gaps after it', () => {
    const heard = Float64Array.from([3 * DAY, 3 * DAY + HOUR, 3 * DAY + 9 * HOUR]);
    const range = { from: 0, to: 4 * DAY };
    const silent = silences(heard, range, defaultTripSettings.silenceMs);
    expect(silent).toEqual([
      [3 * DAY + HOUR, 3 * DAY + 9 * HOUR],
      [3 * DAY + 9 * HOUR, 4 * DAY],
    ]);
    expect(silences(new Float64Array(), range, defaultTripSettings.silenceMs)).toEqual([]);
  });

  it('reports a trip the tracker missed as one with a gap, from where it was to where it turned up', () => {
    const before = simulate([park(60)], { start: MIDNIGHT });
    const after = simulate([park(60)], { start: MIDNIGHT + 4 * HOUR }).map((s) => ({
      ...s,
      lat: (s.lat ?? 0) + 0.05,
    }));
    const motion = motionOf([...before, ...after]);
    expect(motion.stops).toHaveLength(2);
    expect(motion.trips).toHaveLength(1);
    expect(motion.trips[0]?.gap).toBe(true);
    expect(motion.trips[0]?.distanceM).toBeGreaterThan(5000);
  });

  it('drives through a tunnel of calculated positions without stopping in it', () => {
    let seed = 7;
    const scatter = (): [number, number] => {
      seed = (seed * 16807) % 2147483647;
      const a = (seed % 1000) / 1000 - 0.5;
      seed = (seed * 16807) % 2147483647;
      return [a * 10, ((seed % 1000) / 1000 - 0.5) * 10];
    };
    const samples = simulate([park(60), drive(30, 50, [0.3, 0.6]), park(60)], {
      start: MIDNIGHT,
      scatter,
    });
    expect(samples.some((s) => s.calculated)).toBe(true);
    const motion = motionOf(samples);
    expect(motion.stops).toHaveLength(2);
    expect(motion.trips).toHaveLength(1);
    // 25 km; scatter of up to 20 m in the tunnel adds a little, never a stop.
    expect(motion.trips[0]?.distanceM).toBeGreaterThan(24_900);
    expect(motion.trips[0]?.distanceM).toBeLessThan(26_000);
  });

  it('does not call a shuffle across the yard a trip', () => {
    const samples = simulate([park(60), drive(2, 6), park(60)], { start: MIDNIGHT });
    const motion = motionOf(samples);
    expect(motion.trips).toEqual([]);
    expect(motion.stops).toHaveLength(1);
    expect(motion.stops[0]?.end).toBe(samples.at(-1)?.ts);
  });

  it('does not call three minutes at a traffic light a stop', () => {
    const samples = simulate([park(30), drive(10, 40), park(3), drive(10, 40), park(30)], {
      start: MIDNIGHT,
    });
    expect(motionOf(samples).trips).toHaveLength(1);
  });

  it('finds stops by speed on trackers that never send the stationary flag', () => {
    let i = 0;
    const samples = simulate([park(60), drive(20, 30), park(40), drive(20, 30), park(60)], {
      start: MIDNIGHT,
      withoutFlags: true,
      scatter: () => [((i++ * 7) % 11) - 5, ((i * 3) % 7) - 3],
    });
    const motion = motionOf(samples);
    expect(motion.stops).toHaveLength(3);
    expect(motion.trips).toHaveLength(2);
  });

  it('honours changed thresholds', () => {
    const samples = simulate([park(60), drive(4, 40), park(60)], { start: MIDNIGHT });
    const gps = nodeGps(samples);
    const heard = { first: MIDNIGHT, last: samples.at(-1)?.ts ?? 0 };
    const range = { from: heard.first, to: heard.last };
    expect(detectTrips(gps, range, heard).trips).toEqual([]);
    const settings = { ...defaultTripSettings, minTripMs: 3 * MINUTE };
    expect(detectTrips(gps, range, heard, settings).trips).toHaveLength(1);
  });
});

/**
 * What the legs mean by the rules: parks too short for a stop belong to the drives around them;
 * drives too short or too near for a trip join the stops around them. The first and last park
 * run past the range and stay stops however short.
 */
function expected(plan: Leg[]): { stops: number; tripMetres: number[] } {
  type Block = { kind: 'park' | 'drive'; ms: number; metres: number };
  let blocks: Block[] = plan.map((leg) => ({
    kind: leg.kind,
    ms: leg.ms,
    metres: leg.kind === 'drive' ? (leg.ms * leg.kmh) / 3600 : 0,
  }));
  blocks = blocks.map((b, i) =>
    b.kind === 'park' && b.ms < 5 * MINUTE && i > 0 && i < blocks.length - 1
      ? { ...b, kind: 'drive' }
      : b,
  );
  const joined: Block[] = [];
  for (const b of blocks) {
    const last = joined.at(-1);
    if (last && last.kind === b.kind) {
      last.ms += b.ms;
      last.metres += b.metres;
    } else joined.push({ ...b });
  }
  const stops: Block[] = [];
  const trips: number[] = [];
  for (const b of joined) {
    if (b.kind === 'park') {
      stops.push(b);
      continue;
    }
    if (b.metres >= 500 && b.ms >= 5 * MINUTE) trips.push(b.metres);
    else stops.pop();
  }
  return { stops: stops.length, tripMetres: trips };
}

describe('trips and stops, for any day the legs describe', () => {
  it('find the stops and trips the thresholds define, in order, touching each other', () => {
    fc.assert(
      fc.property(legs, fc.boolean(), (plan, withoutFlags) => {
        let k = 0;
        const samples = simulate(plan, {
          start: MIDNIGHT,
          withoutFlags,
          scatter: () => [((k++ * 37) % 9) - 4, ((k * 17) % 9) - 4],
        });
        // Without flags, standing is judged by speed between fixes, which places a stop's ends
        // only to within a fix (5 min parked): parks near the thresholds are the flagged run's.
        if (withoutFlags && plan.some((l) => l.kind === 'park' && l.ms < 12 * MINUTE)) return;
        const motion = motionOf(samples);
        const want = expected(plan);
        expect(motion.stops).toHaveLength(want.stops);
        expect(motion.trips).toHaveLength(want.tripMetres.length);
        motion.trips.forEach((trip, i) => {
          const metres = want.tripMetres[i] ?? 0;
          // Scatter adds a little to every leg; never more than a few per cent.
          expect(Math.abs(trip.distanceM - metres)).toBeLessThan(0.04 * metres + 60);
        });
        const intervals = [...motion.stops, ...motion.trips].sort((a, b) => a.start - b.start);
        intervals.forEach((interval, i) => {
          expect(interval.end).toBeGreaterThanOrEqual(interval.start);
          const next = intervals[i + 1];
          if (next) expect(next.start).toBe(interval.end);
        });
      }),
      { numRuns: 500 },
    );
  });
});
