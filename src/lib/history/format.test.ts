import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatClock,
  formatDuration,
  formatInstant,
  formatDay,
  formatDayLabel,
  formatTimeOfDay,
  formatTick,
} from './format-time.ts';
import { timeTicks } from './time-ticks.ts';
import { valueDomain, valueTicks } from './value-domain.ts';

const ts = Date.UTC(2026, 10, 21, 8, 5, 9);

describe('time formats', () => {
  // The person's locale decides the order and the clock; these tests run in whatever locale the
  // machine has, so they check what every locale writes: the numbers, in the right zone.
  it('writes instants to the second in the given zone, in the person’s locale', () => {
    expect(formatInstant(ts, 'UTC')).toMatch(/2026.*\b8:05:09/);
    expect(formatInstant(ts, 'UTC')).toBe(
      new Date(ts).toLocaleString(undefined, {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      }),
    );
    expect(formatInstant(ts, 'Europe/Berlin')).toMatch(/\b9:05:09/);
    expect(formatClock(ts, 'UTC')).toMatch(/^0?8:05:09/);
  });

  it('says a day and a time of day in the zone asked, without naming it (the page does)', () => {
    expect(formatTimeOfDay(ts, 'Europe/Berlin')).toMatch(/^0?9:05(\s?AM)?$/);
    expect(formatDay(ts, 'UTC')).toMatch(/Sat.*Nov.*21|Sat.*21.*Nov/);
    expect(formatDay(Date.UTC(2026, 10, 21, 23, 30), 'Europe/Berlin')).toMatch(/Sun/);
  });

  it('says a report’s day label ("2026-11-24") as every other day, not as ISO', () => {
    // The label is a calendar date already counted in the report's zone: the same in any zone.
    expect(formatDayLabel('2026-11-24')).toBe(formatDay(Date.UTC(2026, 10, 24, 12), 'UTC'));
    expect(formatDayLabel('2026-11-24')).toMatch(/Tue.*(Nov.*24|24.*Nov)/);
    expect(formatDayLabel('not a day')).toBe('not a day');
  });

  it('shortens ticks to what changes across the span', () => {
    expect(formatTick(ts, 3_600_000, 'UTC')).toMatch(/^0?8:05:09/);
    expect(formatTick(ts, 86_400_000, 'UTC')).toMatch(/^0?8:05(\s?AM)?$/);
    expect(formatTick(ts, 3 * 86_400_000, 'UTC')).toMatch(/Nov 21, 0?8:05/);
    expect(formatTick(Date.UTC(2026, 10, 21), 3 * 86_400_000, 'UTC')).toBe('Nov 21');
    expect(formatTick(ts, 30 * 86_400_000, 'UTC')).toBe('Nov 21');
  });

  it('says durations as people do', () => {
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(25 * 60_000)).toBe('25 min');
    expect(formatDuration(26 * 3_600_000)).toBe('1 day 2 h');
    expect(formatDuration(3 * 86_400_000)).toBe('3 days');
  });
});

describe('timeTicks', () => {
  it('picks a few round instants inside the span', () => {
    const from = Date.UTC(2026, 10, 14, 7, 13, 22);
    const to = from + 7 * 86_400_000;
    const ticks = timeTicks(from, to, 8);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(12);
    for (const tick of ticks) {
      expect(tick).toBeGreaterThanOrEqual(from);
      expect(tick).toBeLessThanOrEqual(to);
      expect(new Date(tick).getMinutes()).toBe(0);
    }
  });
});

describe('valueDomain', () => {
  it('holds every value with round ends', () => {
    expect(valueDomain(-4, 27)).toEqual([-5, 30]);
    expect(valueDomain(4, 4)).toEqual([3, 5]);
    // No readings: Math.min() of nothing is Infinity.
    expect(valueDomain(Infinity, -Infinity)).toEqual([0, 1]);
    expect(valueTicks([-20, 15])).toEqual([-20, -15, -10, -5, 0, 5, 10, 15]);
  });
});

describe('formatAgo', () => {
  it('says how long ago, coarsely', () => {
    const now = 1_000_000_000;
    expect(formatAgo(now - 20_000, now)).toBe('just now');
    expect(formatAgo(now - 12 * 60_000, now)).toBe('12 min ago');
    expect(formatAgo(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatAgo(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
});
