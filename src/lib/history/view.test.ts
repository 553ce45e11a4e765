import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slice } from '../../test/fake-history.ts';
import { describeValue } from './describe-value.ts';
import { advanceReplay, MIN_WINDOW_MS, zoomWindow } from './zoom.ts';

describe('zoomWindow', () => {
  const range = { from: 0, to: 1_000_000 };

  it('stays inside the range at the wanted width', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_000 }),
        fc.integer({ min: 1000, max: 1_000_000 }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.integer({ min: -10_000, max: 1_100_000 }),
        (from, width, factor, center) => {
          const window = { from, to: Math.min(range.to, from + width) };
          const zoomed = zoomWindow(window, range, factor, center);
          expect(zoomed.from).toBeGreaterThanOrEqual(range.from);
          expect(zoomed.to).toBeLessThanOrEqual(range.to);
          expect(zoomed.to - zoomed.from).toBeGreaterThanOrEqual(Math.min(MIN_WINDOW_MS, range.to));
        },
      ),
    );
  });

  it('halves around the cursor and shows the whole range at most', () => {
    expect(zoomWindow(range, range, 0.5, 500_000)).toEqual({ from: 250_000, to: 750_000 });
    expect(zoomWindow({ from: 0, to: 500_000 }, range, 4)).toEqual(range);
  });
});

describe('advanceReplay', () => {
  it('moves by the speed and stops at the end', () => {
    expect(advanceReplay(0, 500, 60_000, 1e9)).toBe(30_000);
    expect(advanceReplay(0, 5000, 3_600_000, 1e6)).toBe(1e6);
  });
});

describe('describeValue', () => {
  it('says what a message holds, a fix’s accuracy in metres rather than "hdop" (issue 22)', () => {
    expect(describeValue(slice({ ts: 1, type: 'TEMP', value: { temperature: -3 } }))).toBe(
      '\u22123 °C',
    );
    expect(describeValue(slice({ ts: 1, type: 'CONN', value: { function: 3, version: 12 } }))).toBe(
      'function 3, version 12',
    );
    expect(
      describeValue(
        slice({ ts: 1, type: 'GPS', value: { lat: 52.5, lon: 13.4, hdop: 1.2, calculated: true } }),
      ),
    ).toBe('52.50000, 13.40000 · accurate to about 6 m · calculated');
    expect(describeValue(slice({ ts: 1, type: 'GPS', value: { stationary: false } }))).toBe(
      'moving, no position',
    );
  });
});
