import { describe, expect, it } from 'vitest';
import { backoffDelay, spread } from './backoff.ts';

const retry = { firstMs: 1_000, maxMs: 30_000 };

describe('backoff with jitter', () => {
  it('doubles its step up to the ceiling and draws each wait from the upper half of it', () => {
    const top = () => 1 - 1e-9;
    const bottom = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(retry, n, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect([1, 2, 6].map((n) => backoffDelay(retry, n, bottom))).toEqual([500, 1_000, 15_000]);
  });

  it('gives clients that failed together different waits', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(retry, 3)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4_000);
    expect(spread(1_000, () => 0.5)).toBe(500);
  });
});
