import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceM } from '../geo/distance.ts';
import {
  DEFAULT_MOTION_RULE,
  motionAt,
  standingAt,
  standingBySpeed,
  STILL_RADIUS_M,
  type Fix,
} from './fix-motion.ts';

const rule = DEFAULT_MOTION_RULE;
const MIN = 60_000;
/** Metres northwards as degrees of latitude (a degree is about 111.2 km). */
const north = (fix: Fix, metres: number, ms: number, stationary?: boolean): Fix => ({
  ts: fix.ts + ms,
  lat: fix.lat + metres / 111_195,
  lon: fix.lon,
  stationary,
});

const start = fc.record({
  ts: fc.integer({ min: 0, max: 2e12 }),
  lat: fc.double({ min: -60, max: 60, noNaN: true }),
  lon: fc.double({ min: -179, max: 179, noNaN: true }),
});

describe('the motion rule', () => {
  it('believes a flag over any speed', () => {
    fc.assert(
      fc.property(start, fc.boolean(), fc.integer({ min: 0, max: 50_000 }), (a, flag, metres) => {
        const b = north(a, metres, MIN, flag);
        expect(standingAt(b, a, !flag, rule)).toBe(flag);
      }),
    );
  });

  it('is moving between two fixes without a flag exactly when faster than the threshold', () => {
    fc.assert(
      fc.property(
        start,
        fc.double({ min: 0, max: 120, noNaN: true }),
        fc.integer({ min: 1_000, max: rule.silenceMs }),
        (a, kmh, ms) => {
          // Away from the threshold: the distance formula is not exact to the last metre.
          fc.pre(Math.abs(kmh - rule.movingKmh) > 0.05);
          const b = north(a, (kmh * 1000 * ms) / 3_600_000, ms);
          expect(standingAt(b, a, false, rule)).toBe(kmh < rule.movingKmh);
          // Either way round: the speed between two fixes has no direction.
          expect(standingBySpeed(b, a, rule)).toBe(standingBySpeed(a, b, rule));
        },
      ),
    );
  });

  it('after a gap longer than the silence, judges by whether the node is still where it was', () => {
    fc.assert(
      fc.property(
        start,
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: rule.silenceMs + 1, max: 10 * rule.silenceMs }),
        (a, metres, ms) => {
          fc.pre(Math.abs(metres - STILL_RADIUS_M) > 2);
          const b = north(a, metres, ms);
          expect(standingAt(b, a, false, rule)).toBe(metres < STILL_RADIUS_M);
        },
      ),
    );
  });

  it('a fix away from where the node said it stood is moving, however slow the average', () => {
    const parked: Fix = { ts: 0, lat: 52.39, lon: 4.82, stationary: true };
    // Parked for 24 minutes, left unheard, 1.2 km on: 3 km/h on average, but it drove.
    const driving = north(parked, 1_200, 24.5 * MIN);
    expect(distanceM(parked.lat, parked.lon, driving.lat, driving.lon)).toBeGreaterThan(1_100);
    expect(standingAt(driving, parked, false, rule)).toBe(false);
    expect(standingAt(north(parked, 40, 24.5 * MIN), parked, false, rule)).toBe(true);
  });

  it('a departure newer than the newest fix is moving from its instant; nothing known is undefined', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 10 * MIN }), (a, later) => {
        const parked = { ...a, stationary: true };
        expect(motionAt(parked, undefined, a.ts + later, rule)).toEqual({
          moving: true,
          ts: a.ts + later,
        });
        expect(motionAt(a, undefined, undefined, rule)).toBeUndefined();
        expect(motionAt(parked, undefined, undefined, rule)).toEqual({ moving: false, ts: a.ts });
      }),
    );
  });

  it('a fix without a flag after a departure is moving, even if it is the first one known', () => {
    const fix: Fix = { ts: 10 * MIN, lat: 52, lon: 4 };
    expect(motionAt(fix, undefined, 9 * MIN, rule)).toEqual({ moving: true, ts: 10 * MIN });
    // A departure an afternoon before tells nothing of this fix.
    expect(motionAt(fix, undefined, 10 * MIN - 2 * rule.silenceMs, rule)).toBeUndefined();
  });
});
