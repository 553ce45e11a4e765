import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ascendingByTime } from './search.ts';

describe('searching by time', () => {
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
