import { describe, expect, it } from 'vitest';
import { dayIndex, dayStart, localDay, localDays, spreadOverDays } from './local-days.ts';

const HOUR = 3_600_000;
const iso = (ts: number) => new Date(ts).toISOString();

describe('local days', () => {
  it('starts each day at local midnight: 23 hours when summer time begins, 25 when it ends', () => {
    const spring = localDays(
      { from: Date.UTC(2026, 2, 28, 12), to: Date.UTC(2026, 2, 29, 12) },
      'Europe/Amsterdam',
    );
    expect(spring.labels).toEqual(['2026-03-28', '2026-03-29']);
    expect(spring.starts.map(iso)).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    const autumn = localDays(
      { from: Date.UTC(2026, 9, 25, 12), to: Date.UTC(2026, 9, 25, 13) },
      'Europe/Amsterdam',
    );
    expect((autumn.starts[1] ?? 0) - (autumn.starts[0] ?? 0)).toBe(25 * HOUR);
  });

  it('has no day for a range that ends at its midnight, and one for a range of an instant', () => {
    const week = localDays(
      { from: Date.UTC(2026, 10, 29, 23), to: Date.UTC(2026, 11, 4, 23) },
      'Europe/Amsterdam',
    );
    expect(week.labels).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(week.starts.at(-1)).toBe(Date.UTC(2026, 11, 4, 23));
    const instant = localDays(
      { from: Date.UTC(2026, 11, 4, 23), to: Date.UTC(2026, 11, 4, 23) },
      'Europe/Amsterdam',
    );
    expect(instant.labels).toEqual(['2026-12-05']);
  });

  it('keeps zones whose offset is not whole hours', () => {
    const day = localDay(Date.UTC(2026, 10, 20, 19), 'Asia/Kolkata');
    // 19:00 UTC is 00:30 the next day in India (UTC+5:30).
    expect(iso(day * 86_400_000)).toBe('2026-11-21T00:00:00.000Z');
    expect(iso(dayStart(day, 'Asia/Kolkata'))).toBe('2026-11-20T18:30:00.000Z');
  });

  it('finds the day of an instant and spreads a span over the days it crosses', () => {
    const days = localDays({ from: Date.UTC(2026, 0, 1, 12), to: Date.UTC(2026, 0, 2, 12) }, 'UTC');
    expect(dayIndex(days, Date.UTC(2026, 0, 2, 1))).toBe(1);
    expect(dayIndex(days, Date.UTC(2025, 11, 31))).toBe(-1);
    const into = new Float64Array(2);
    spreadOverDays(days, Date.UTC(2026, 0, 1, 22), Date.UTC(2026, 0, 2, 3), into);
    expect([...into]).toEqual([2 * HOUR, 3 * HOUR]);
  });
});
