import { describe, expect, it } from 'vitest';
import { spriteGeometry } from './stop-sprites.ts';

describe('spriteGeometry', () => {
  it('rounds the radius to half pixels: one stamp serves every stop of about that length', () => {
    expect(spriteGeometry(5.2, 1).radius).toBe(5);
    expect(spriteGeometry(5.3, 1).radius).toBe(5.5);
    expect(spriteGeometry(11.9, 2).radius).toBe(12);
  });

  it('holds the dark ring whole, on an even side so its centre falls on a device pixel', () => {
    for (const ratio of [1, 1.25, 2, 3]) {
      for (let r = 5; r <= 12; r += 0.37) {
        const { radius, side } = spriteGeometry(r, ratio);
        expect(side % 2).toBe(0);
        // The outer ring: 1.5 px out, its line 1 px wide, and a pixel for antialiasing.
        expect(side / 2).toBeGreaterThanOrEqual((radius + 2) * ratio + 1);
      }
    }
  });
});
