import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coldChain, defaultColdChainSettings, sideOf, type Excursion } from './excursions.ts';
import { describeLimits, nearestLimits, readLimits, type Limits } from './limits.ts';
import { localDays } from '../../../contract/local-days.ts';

const MINUTE = 60_000;
const START = Date.UTC(2025, 2, 3, 23); // 4 March 2025, 00:00 in Amsterdam
const frozen: Limits = { min: -25, max: -15 };

function line(values: number[], step = 5 * MINUTE, start = START) {
  return {
    ts: Float64Array.from(values, (_, i) => start + i * step),
    values: Float64Array.from(values),
  };
}

const daysOf = (points: { ts: Float64Array }) =>
  localDays({ from: START, to: points.ts.at(-1) ?? START }, 'Europe/Amsterdam');

describe('excursions at the edges of the band', () => {
  it('counts a reading on a limit as in range, one past it as out', () => {
    const points = line([-15, -14, -13, -15, -25, -26, -25]);
    const figures = coldChain(points, frozen, daysOf(points));
    expect(figures.excursions).toEqual([
      {
        start: START + 5 * MINUTE,
        end: START + 15 * MINUTE,
        side: 'above',
        peak: -13,
        peakTs: START + 10 * MINUTE,
        readings: 2,
        ongoing: false,
        gap: false,
      },
      {
        start: START + 25 * MINUTE,
        end: START + 30 * MINUTE,
        side: 'below',
        peak: -26,
        peakTs: START + 25 * MINUTE,
        readings: 1,
        ongoing: false,
        gap: false,
      },
    ] satisfies Excursion[]);
    // Six intervals of 5 minutes; three of them begin out of range.
    expect(figures.coveredMs).toBe(30 * MINUTE);
    expect(figures.inRangeMs).toBe(15 * MINUTE);
  });

  it('knows a band open on one side', () => {
    expect(sideOf(30, { max: 7 })).toBe('above');
    expect(sideOf(-40, { max: 7 })).toBeUndefined();
    expect(sideOf(7, { max: 7 })).toBeUndefined();
    expect(sideOf(1.9, { min: 2 })).toBe('below');
  });

  it('ends an excursion at a pause in the data and marks one still under way', () => {
    const points = {
      ts: Float64Array.from([0, 5, 10, 60, 65].map((m) => START + m * MINUTE)),
      values: Float64Array.from([-18, -10, -11, -9, -8]),
    };
    const [first, second] = coldChain(points, frozen, daysOf(points)).excursions;
    expect(first).toMatchObject({ start: START + 5 * MINUTE, end: START + 10 * MINUTE, gap: true });
    expect(second).toMatchObject({ start: START + 60 * MINUTE, ongoing: true, peak: -8 });
  });

  it('leaves out excursions shorter than the alarm delay but still counts their time', () => {
    const points = line([-18, -14, -18, -14, -14, -14, -18]);
    const settings = { ...defaultColdChainSettings, minExcursionMs: 10 * MINUTE };
    const figures = coldChain(points, frozen, daysOf(points), settings);
    expect(figures.excursions).toHaveLength(1);
    expect(figures.excursions[0]?.start).toBe(START + 15 * MINUTE);
    expect(figures.inRangeMs).toBe(10 * MINUTE);
  });
});

/** The plain definition: walk the readings and cut runs out of range on one side. */
function reference(ts: number[], values: number[], limits: Limits, maxGap: number) {
  const found: { start: number; end: number; side: string; peak: number }[] = [];
  let i = 0;
  while (i < ts.length) {
    const side = sideOf(values[i] ?? 0, limits);
    if (!side) {
      i++;
      continue;
    }
    let j = i;
    let peak = values[i] ?? 0;
    while (
      j + 1 < ts.length &&
      sideOf(values[j + 1] ?? 0, limits) === side &&
      (ts[j + 1] ?? 0) - (ts[j] ?? 0) <= maxGap
    ) {
      j++;
      const v = values[j] ?? 0;
      peak = side === 'above' ? Math.max(peak, v) : Math.min(peak, v);
    }
    const next = ts[j + 1];
    const end = next !== undefined && next - (ts[j] ?? 0) <= maxGap ? next : (ts[j] ?? 0);
    found.push({ start: ts[i] ?? 0, end, side, peak });
    i = j + 1;
  }
  return found;
}

describe('excursions, for any readings and limits', () => {
  const readings = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: -30, max: 12 })), {
      minLength: 1,
      maxLength: 200,
    })
    .map((steps) => {
      let t = START;
      return steps.map(([minutes, value]) => ({ ts: (t += minutes * MINUTE), value }));
    });
  const limits = fc
    .tuple(fc.integer({ min: -28, max: 0 }), fc.integer({ min: 0, max: 20 }), fc.nat(2))
    .map(([a, width, open]): Limits => {
      if (open === 1) return { max: a + width };
      if (open === 2) return { min: a };
      return { min: a, max: a + width };
    });

  it('match the plain definition, and time in range adds up day by day', () => {
    fc.assert(
      fc.property(readings, limits, (points, band) => {
        const ts = points.map((p) => p.ts);
        const values = points.map((p) => p.value);
        const input = { ts: Float64Array.from(ts), values: Float64Array.from(values) };
        const days = localDays({ from: ts[0] ?? 0, to: ts.at(-1) ?? 0 }, 'Europe/Amsterdam');
        const figures = coldChain(input, band, days);
        expect(
          figures.excursions.map(({ start, end, side, peak }) => ({ start, end, side, peak })),
        ).toEqual(reference(ts, values, band, defaultColdChainSettings.maxGapMs));
        expect(figures.inRangeMs).toBeLessThanOrEqual(figures.coveredMs);
        const sum = (a: Float64Array) => a.reduce((n, v) => n + v, 0);
        expect(sum(figures.coveredByDay)).toBeCloseTo(figures.coveredMs, 6);
        expect(sum(figures.inRangeByDay)).toBeCloseTo(figures.inRangeMs, 6);
      }),
      { numRuns: 400 },
    );
  });
});

describe('temperature limits from properties', () => {
  it('reads the convention and says what is wrong with a broken entry', () => {
    expect(readLimits({ temperature: { min: -25, max: -15 } })).toEqual({
      kind: 'limits',
      limits: { min: -25, max: -15 },
    });
    expect(readLimits({ temperature: { max: 7 } })).toEqual({ kind: 'limits', limits: { max: 7 } });
    expect(readLimits({ cargo: 'frozen' })).toEqual({ kind: 'none' });
    expect(readLimits(undefined)).toEqual({ kind: 'none' });
    expect(readLimits({ temperature: { min: 5, max: 2 } })).toEqual({
      kind: 'invalid',
      reason: '"min" (5) is above "max" (2)',
    });
    expect(readLimits({ temperature: { min: '-25' } })).toMatchObject({ kind: 'invalid' });
    expect(readLimits({ temperature: {} })).toMatchObject({ kind: 'invalid' });
    expect(readLimits({ temperature: -18 })).toMatchObject({ kind: 'invalid' });
  });

  it('takes the nearest: sensor, then node, then the groups, whose bands must all be met', () => {
    const group = (name: string, limits: Limits) => ({ name, limits });
    expect(
      nearestLimits(undefined, group('Reefer 02', { min: 0, max: 7 }), [
        group('Cold chain', frozen),
      ]),
    ).toEqual({ min: 0, max: 7, source: 'node', from: ['Reefer 02'] });
    expect(nearestLimits(undefined, undefined, [group('Cold chain', frozen)])).toEqual({
      ...frozen,
      source: 'group',
      from: ['Cold chain'],
    });
    expect(
      nearestLimits(undefined, undefined, [
        group('A', { min: -25, max: -15 }),
        group('B', { max: -18 }),
      ]),
    ).toEqual({ min: -25, max: -18, source: 'group', from: ['A', 'B'] });
    expect(
      nearestLimits(undefined, undefined, [group('A', { max: -15 }), group('B', { min: 0 })]),
    ).toEqual({ source: 'group', from: ['A', 'B'], conflict: true });
    expect(nearestLimits(undefined, undefined, [])).toBeUndefined();
    expect(describeLimits(frozen)).toBe('\u221225 °C to \u221215 °C');
  });
});
