import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { m4 } from './m4.ts';

const readings = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: -40, max: 40 })), {
    minLength: 0,
    maxLength: 800,
  })
  .map((steps) => {
    let t = 0;
    const ts = steps.map(([dt]) => (t += dt));
    return { ts: Float64Array.from(ts), values: Float64Array.from(steps, ([, v]) => v) };
  });

describe('M4 per pixel column', () => {
  it('keeps, per column, the first, last, lowest and highest reading, and the neighbours', () => {
    fc.assert(
      fc.property(
        readings,
        fc.integer({ min: 1, max: 60 }),
        fc.nat(2000),
        fc.nat(2000),
        (line, width, a, b) => {
          const window = { from: Math.min(a, b), to: Math.max(a, b) };
          const out = m4(line, window, width);
          // Real readings, in time order.
          const all = [...line.ts].map((t, i) => `${t}:${line.values[i]}`);
          const kept = [...out.ts].map((t, i) => `${t}:${out.values[i]}`);
          let at = 0;
          for (const point of kept) {
            at = all.indexOf(point, at);
            expect(at).toBeGreaterThanOrEqual(0);
            at++;
          }
          // Each column's extremes and ends survive.
          const span = Math.max(1, window.to - window.from);
          const columnOf = (t: number) =>
            Math.min(width - 1, Math.floor(((t - window.from) / span) * width));
          const columns = new Map<number, number[]>();
          line.ts.forEach((t, i) => {
            if (t < window.from || t > window.to) return;
            const c = columnOf(t);
            columns.set(c, [...(columns.get(c) ?? []), i]);
          });
          for (const indexes of columns.values()) {
            const values = indexes.map((i) => line.values[i] ?? 0);
            const inColumn = kept.filter((k) => indexes.some((i) => k === all[i]));
            const keptValues = inColumn.map((k) => Number(k.split(':')[1]));
            expect(Math.min(...keptValues)).toBe(Math.min(...values));
            expect(Math.max(...keptValues)).toBe(Math.max(...values));
            expect(inColumn[0]).toBe(all[indexes[0] ?? 0]);
            expect(inColumn.at(-1)).toBe(all[indexes.at(-1) ?? 0]);
            expect(inColumn.length).toBeLessThanOrEqual(4);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every reading once a column holds at most four', () => {
    const line = {
      ts: Float64Array.from([10, 20, 30, 40, 50]),
      values: Float64Array.from([1, 5, 2, 8, 3]),
    };
    expect([...m4(line, { from: 0, to: 60 }, 60).ts]).toEqual([10, 20, 30, 40, 50]);
    expect([...m4(line, { from: 25, to: 45 }, 10).ts]).toEqual([20, 30, 40, 50]);
  });
});
