import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  fromLocalInput,
  namedRange,
  toLocalInput,
  presetOf,
  presetRange,
  rangeFromSearch,
  rangeToSearch,
  timeZoneLabel,
} from './time-range.ts';

const now = Date.UTC(2026, 10, 21, 12, 30);

describe('time ranges in the URL', () => {
  it('round-trips any range through the search string', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 1e11 }),
        (from, length) => {
          const range = { from, to: from + length };
          const search = new URLSearchParams(rangeToSearch(range));
          expect(rangeFromSearch(search, now)).toEqual({ ok: true, range });
        },
      ),
    );
  });

  it('means the last 24 hours when the link names no range', () => {
    expect(rangeFromSearch(new URLSearchParams(), now)).toEqual({
      ok: true,
      range: { from: now - 86_400_000, to: now },
    });
  });

  it('accepts epoch milliseconds and explains what it cannot read', () => {
    expect(rangeFromSearch(new URLSearchParams('from=1000&to=2000'), now)).toEqual({
      ok: true,
      range: { from: 1000, to: 2000 },
    });
    expect(rangeFromSearch(new URLSearchParams('from=yesterday'), now)).toEqual({
      ok: false,
      reason: '"yesterday" is not a date and time.',
    });
    expect(rangeFromSearch(new URLSearchParams('from=2000&to=1000'), now)).toMatchObject({
      ok: false,
    });
  });

  it('recognises presets by their length', () => {
    expect(presetOf(presetRange('7d', now))).toBe('7d');
    expect(presetOf({ from: 0, to: 5 })).toBeUndefined();
  });

  it('names the time zone with its offset', () => {
    expect(timeZoneLabel(now, 'UTC')).toBe('UTC (UTC+00:00)');
    expect(timeZoneLabel(now, 'Europe/Berlin')).toBe('Europe/Berlin (UTC+01:00)');
    expect(timeZoneLabel(Date.UTC(2026, 6, 1), 'Europe/Berlin')).toBe('Europe/Berlin (UTC+02:00)');
  });
});

describe('datetime-local values', () => {
  it('round-trip any minute in the local time zone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), (ts) => {
        const minute = Math.floor(ts / 60_000) * 60_000;
        expect(fromLocalInput(toLocalInput(minute))).toBe(minute);
      }),
    );
  });

  it('refuses what is not a date and time', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('2026-11-21')).toBeUndefined();
    expect(fromLocalInput('2026-13-45T10:00')).toBeUndefined();
  });
});

describe('namedRange', () => {
  it('names a range only when the link gives both ends', () => {
    expect(namedRange(new URLSearchParams('from=1000'))).toBeUndefined();
    expect(namedRange(new URLSearchParams('from=1000&to=5000'))).toEqual({
      ok: true,
      range: { from: 1000, to: 5000 },
    });
    expect(rangeFromSearch(new URLSearchParams('to=90000000'), now)).toEqual({
      ok: true,
      range: { from: 90_000_000 - 86_400_000, to: 90_000_000 },
    });
  });
});
