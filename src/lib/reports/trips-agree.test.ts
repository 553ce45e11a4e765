import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayStart, localDay, localDays } from '../../../contract/local-days.ts';
import { motionByDay, silences, timebar } from './motion-summary.ts';
import { timebarShares, wholePercents } from './shares.ts';
import { legs, nodeGps, simulate } from './test-tracks.ts';
import { defaultTripSettings, detectTrips, type Stop, type Trip } from './trips.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = 'Europe/Amsterdam';
/** Monday 30 November 2026, 00:00 in Amsterdam (UTC+1). */
const MONDAY = Date.UTC(2026, 10, 29, 23);

/** The same place: both coordinates equal (a stop without a known position says nothing). */
function samePlace(stop: Stop, lat: number, lon: number): boolean {
  return Number.isNaN(stop.lat) || (stop.lat === lat && stop.lon === lon);
}

const day = fc.record({
  plan: legs,
  withoutFlags: fc.boolean(),
  /** Minutes after Monday's midnight the day's first message comes. */
  startMinute: fc.integer({ min: 0, max: 3 * 24 * 60 }),
  /** Minutes of the range before the first message. */
  leadMinutes: fc.integer({ min: 0, max: 24 * 60 }),
  /** How the range ends: at the last message, or at the midnight after it (a picked end date). */
  endsAtMidnight: fc.boolean(),
});

describe('trips, stops, shares and days of any generated day', () => {
  it('agree: a stop is where the trip before ends and the trip after starts, shares make 100 %, every day is in the range', () => {
    fc.assert(
      fc.property(day, ({ plan, withoutFlags, startMinute, leadMinutes, endsAtMidnight }) => {
        let k = 0;
        const samples = simulate(plan, {
          start: MONDAY + startMinute * MINUTE,
          withoutFlags,
          scatter: () => [((k++ * 37) % 9) - 4, ((k * 17) % 9) - 4],
        });
        const first = samples[0]?.ts ?? 0;
        const last = samples.at(-1)?.ts ?? 0;
        const to = endsAtMidnight ? dayStart(localDay(last, ZONE) + 1, ZONE) : last;
        const range = { from: first - leadMinutes * MINUTE, to };
        const days = localDays(range, ZONE);
        const heard = { first, last };
        const motion = detectTrips(nodeGps(samples), range, heard, defaultTripSettings, days);

        // Stop place = the previous trip's "to" and the next trip's "from".
        const timeline: (Stop | Trip)[] = [...motion.stops, ...motion.trips].sort(
          (a, b) => a.start - b.start,
        );
        timeline.forEach((item, i) => {
          if (!('distanceM' in item)) return;
          const before = timeline[i - 1];
          const after = timeline[i + 1];
          if (before && !('distanceM' in before)) {
            expect(samePlace(before, item.fromLat, item.fromLon)).toBe(true);
          }
          if (after && !('distanceM' in after)) {
            expect(samePlace(after, item.toLat, item.toLon)).toBe(true);
          }
        });

        // The timebar's shares add up to 100 % (0 only where it shows nothing at all).
        const heardTs = Float64Array.from(samples, (s) => s.ts);
        const silent = silences(heardTs, range, defaultTripSettings.silenceMs);
        const bar = timebar(range, 1200, motion, silent, heard, true);
        const shares = timebarShares(bar);
        const sum = shares.moving + shares.parked + shares.silent;
        expect(sum).toBe(bar.some((state) => state !== 0) ? 100 : 0);

        // Every day has time in the range, and the per-day rows are those days.
        days.labels.forEach((_, index) => {
          const start = days.starts[index] ?? Number.NaN;
          const end = days.starts[index + 1] ?? Number.NaN;
          expect(end).toBeGreaterThan(range.from);
          expect(index === 0 ? start <= range.to : start < range.to).toBe(true);
        });
        expect(motionByDay(motion, silent, days).distanceM).toHaveLength(days.labels.length);
      }),
      { numRuns: 300 },
    );
  });

  it('round shares by the largest remainder: never 101 %', () => {
    expect(wholePercents([106, 894])).toEqual([11, 89]);
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([0, 0, 0])).toEqual([0, 0, 0]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 6 }), (counts) => {
        const shares = wholePercents(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : 100);
        shares.forEach((share, i) => {
          const exact = total === 0 ? 0 : (100 * (counts[i] ?? 0)) / total;
          expect(Math.abs(share - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it('name one place for a stop merged over a hop too short for a trip', () => {
    // Parked at one place, a 3-minute hop of 4.5 km (too short for a trip), parked there, then off.
    const samples = simulate(
      [
        { kind: 'park', ms: 60 * MINUTE },
        { kind: 'drive', ms: 3 * MINUTE, kmh: 90 },
        { kind: 'park', ms: 60 * MINUTE },
        { kind: 'drive', ms: 20 * MINUTE, kmh: 30 },
        { kind: 'park', ms: HOUR },
      ],
      { start: MONDAY + 8 * HOUR },
    );
    const range = { from: samples[0]?.ts ?? 0, to: samples.at(-1)?.ts ?? 0 };
    const motion = detectTrips(nodeGps(samples), range, { first: range.from, last: range.to });
    expect(motion.stops).toHaveLength(2);
    const [stop] = motion.stops;
    const [trip] = motion.trips;
    expect([trip?.fromLat, trip?.fromLon]).toEqual([stop?.lat, stop?.lon]);
  });
});
