import { describe, expect, it } from 'vitest';
import { dayStart, localDay, localHour, weekday } from './local-time.ts';

describe('Amsterdam local time', () => {
  it('starts a winter day at 23:00 UTC and a summer day at 22:00 UTC', () => {
    const winter = localDay(Date.UTC(2026, 10, 20, 12));
    expect(new Date(dayStart(winter)).toISOString()).toBe('2026-11-19T23:00:00.000Z');
    const summer = localDay(Date.UTC(2026, 6, 1, 12));
    expect(new Date(dayStart(summer)).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('counts local hours and weekdays', () => {
    expect(localHour(Date.UTC(2026, 10, 20, 12, 30))).toBe(13.5);
    expect(weekday(localDay(Date.UTC(2026, 10, 22, 12)))).toBe(0); // a Sunday
    // Just after local midnight the local day is already the next one.
    expect(localDay(Date.UTC(2026, 10, 20, 23, 30))).toBe(localDay(Date.UTC(2026, 10, 21, 12)));
  });
});
