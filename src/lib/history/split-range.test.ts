import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pieceCount, splitRange } from './split-range.ts';

const DAY = 86_400_000;

const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 40 * DAY }))
  .map(([from, length]) => ({ from, to: from + length }));

describe('splitRange', () => {
  it('makes seven requests for seven days and one for one day', () => {
    const to = Date.UTC(2026, 10, 21, 12);
    expect(splitRange({ from: to - 7 * DAY, to })).toHaveLength(7);
    expect(splitRange({ from: to - DAY, to })).toEqual([{ from: to - DAY, to }]);
    expect(splitRange({ from: to, to })).toEqual([{ from: to, to }]);
  });

  it('covers every instant exactly once, newest first, each piece within the limit', () => {
    fc.assert(
      fc.property(rangeArb, fc.integer({ min: 0, max: 3 * DAY }), (range, maxSpan) => {
        fc.pre(pieceCount(range, maxSpan) <= 5000);
        const pieces = splitRange(range, maxSpan);
        expect(pieces[0]?.to).toBe(range.to);
        expect(pieces.at(-1)?.from).toBe(range.from);
        pieces.forEach((piece, i) => {
          expect(piece.from).toBeLessThanOrEqual(piece.to);
          expect(piece.to - piece.from).toBeLessThanOrEqual(maxSpan);
          const older = pieces[i + 1];
          if (older) expect(older.to).toBe(piece.from - 1);
        });
        expect(pieces).toHaveLength(pieceCount(range, maxSpan));
      }),
    );
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => splitRange({ from: 10, to: 9 })).toThrow(RangeError);
  });
});
