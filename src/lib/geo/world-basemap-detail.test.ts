import { describe, expect, it } from 'vitest';
import { basemapDetail } from './world-basemap.ts';

describe('basemapDetail', () => {
  it('is 1:110m up to zoom 4 and 1:50m from zoom 5', () => {
    expect([0, 2, 4, 4.9].map(basemapDetail)).toEqual(['110m', '110m', '110m', '110m']);
    expect([5, 8, 18].map(basemapDetail)).toEqual(['50m', '50m', '50m']);
  });
});
