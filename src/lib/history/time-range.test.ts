import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n.ts';
import { formatMinute, parseMinute } from './format-time.ts';
import fc from 'fast-check';
import {
  namedRange,
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

describe('the From and To fields', () => {
  const locales = ['en-US', 'en-GB', 'en-IN', 'nl-NL', 'nl-BE'];
  afterEach(() => applyLanguage('en', ['en-US']));

  it('take back any minute as they show it, in each locale, in the local time zone', () => {
    for (const locale of locales) {
      applyLanguage(locale.startsWith('nl') ? 'nl' : 'en', [locale]);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 4e12 }), (ts) => {
          const minute = Math.floor(ts / 60_000) * 60_000;
          expect(parseMinute(formatMinute(minute))).toBe(minute);
        }),
        { numRuns: 100 },
      );
    }
  });

  it('show the locale’s one format: "24 nov 2026 18:12" in Dutch, "Nov 24, 2026, 6:12 PM" in American English', () => {
    const at = new Date(2026, 10, 24, 18, 12).getTime();
    applyLanguage('nl', ['nl-NL']);
    expect(formatMinute(at)).toMatch(/^24 nov 2026,? 18:12$/);
    applyLanguage('en', ['en-US']);
    expect(formatMinute(at)).toBe('Nov 24, 2026, 6:12 PM');
    expect(parseMinute('2026-11-24 18:12')).toBe(at);
    expect(parseMinute('nov 24 2026 6:12 pm')).toBe(at);
  });

  it('refuse what is not a date and time', () => {
    expect(parseMinute('')).toBeUndefined();
    expect(parseMinute('2026-11-21')).toBeUndefined();
    expect(parseMinute('2026-13-45 10:00')).toBeUndefined();
    expect(parseMinute('Feb 31, 2026, 10:00 AM')).toBeUndefined();
    expect(parseMinute('Nov 24, 2026, 13:00 PM')).toBeUndefined();
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
