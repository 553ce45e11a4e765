import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slice, testUuid } from '../../test/fake-history.ts';
import { pointsForWidth, visiblePoints } from './downsample-series.ts';
import { temperatureSeries, type SeriesPoint } from './temperature-series.ts';
import { ascendingByTime, lastAtOrBefore, nearestIndex } from './search.ts';

const pointsArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 3000, size: 'max' })
  .chain((ts) =>
    fc
      .array(fc.integer({ min: -40, max: 60 }), { minLength: ts.length, maxLength: ts.length })
      .map((values) =>
        ts.sort((a, b) => a - b).map((t, i): SeriesPoint => ({ ts: t, value: values[i] ?? 0 })),
      ),
  );

describe('temperatureSeries', () => {
  it('makes one line per sensor, oldest first, skipping readings without a temperature', () => {
    const items = [
      slice({ ts: 30, type: 'TEMP', value: { temperature: 5 }, sensorUuid: testUuid(1) }),
      slice({ ts: 20, type: 'TEMP', value: {}, sensorUuid: testUuid(1) }),
      slice({ ts: 10, type: 'TEMP', value: { temperature: 4 }, sensorUuid: testUuid(1) }),
      slice({
        ts: 25,
        type: 'TEMP',
        value: { temperature: -2 },
        sensorUuid: testUuid(2),
        nodeName: 'Van 09',
      }),
      slice({ ts: 26, type: 'GPS', value: { lat: 1, lon: 2 } }),
    ];
    expect(temperatureSeries(items)).toEqual([
      {
        sensorUuid: testUuid(1),
        label: 'Van 07 · temp',
        points: [
          { ts: 10, value: 4 },
          { ts: 30, value: 5 },
        ],
      },
      { sensorUuid: testUuid(2), label: 'Van 09 · temp', points: [{ ts: 25, value: -2 }] },
    ]);
  });
});

describe('pointsForWidth', () => {
  it('keeps about two points per pixel, a subset of the readings with both ends', () => {
    fc.assert(
      fc.property(pointsArb, fc.integer({ min: 10, max: 800 }), (points, width) => {
        fc.pre(points.length > 0);
        const window = { from: 0, to: 1_000_000 };
        const shown = pointsForWidth(points, window, width);
        expect(shown.length).toBeLessThanOrEqual(Math.max(16, width * 2));
        expect(shown[0]).toBe(points[0]);
        expect(shown.at(-1)).toBe(points.at(-1));
        const set = new Set(points);
        expect(shown.every((p) => set.has(p))).toBe(true);
        expect(shown.map((p) => p.ts)).toEqual([...shown.map((p) => p.ts)].sort((a, b) => a - b));
      }),
    );
  });

  it('shows every reading of a window zoomed in far enough', () => {
    fc.assert(
      fc.property(pointsArb, fc.nat(1_000_000), fc.nat(5000), (points, from, length) => {
        const window = { from, to: from + length };
        const inside = points.filter((p) => p.ts >= window.from && p.ts <= window.to);
        fc.pre(visiblePoints(points, window).length <= 100);
        const shown = pointsForWidth(points, window, 50);
        for (const p of inside) expect(shown).toContain(p);
      }),
    );
  });

  it('keeps a narrow spike that averaging would flatten', () => {
    const points = Array.from({ length: 50_000 }, (_, i) => ({
      ts: i,
      value: i === 31_337 ? 90 : 4,
    }));
    const shown = pointsForWidth(points, { from: 0, to: 50_000 }, 800);
    expect(shown.length).toBe(1600);
    expect(shown.some((p) => p.value === 90)).toBe(true);
  });
});

describe('searching by time', () => {
  it('finds the last point at or before an instant and the nearest one', () => {
    const points = [10, 20, 30].map((ts) => ({ ts }));
    const t = (p: { ts: number }) => p.ts;
    expect(lastAtOrBefore(points, 5, t)).toBe(-1);
    expect(lastAtOrBefore(points, 20, t)).toBe(1);
    expect(lastAtOrBefore(points, 99, t)).toBe(2);
    expect(nearestIndex(points, 24, t)).toBe(1);
    expect(nearestIndex(points, 26, t)).toBe(2);
    expect(nearestIndex([], 26, t)).toBe(-1);
  });

  it('sorts what arrives in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (ts) => {
        const sorted = ascendingByTime(
          ts.map((x) => ({ ts: x })),
          (p) => p.ts,
        ).map((p) => p.ts);
        expect(sorted).toEqual([...ts].sort((a, b) => a - b));
      }),
    );
  });
});
