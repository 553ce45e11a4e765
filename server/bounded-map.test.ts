import { describe, expect, it } from 'vitest';
import { keepAtMost } from './bounded-map.ts';

describe('keepAtMost', () => {
  it('keeps the newest `max` entries, a key set again counting as new', () => {
    const map = new Map<string, number>();
    keepAtMost(map, 'a', 1, 2);
    keepAtMost(map, 'b', 2, 2);
    keepAtMost(map, 'a', 3, 2);
    keepAtMost(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('lets several go when the map holds more than `max`', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    keepAtMost(map, 'd', 4, 1);
    expect([...map]).toEqual([['d', 4]]);
  });
});
