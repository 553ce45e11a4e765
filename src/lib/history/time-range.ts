import type { TimeSpan } from './split-range.ts';
import { t } from '../../i18n/i18n.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const rangePresets = [
  { id: '1h', label: 'range.1h', duration: HOUR },
  { id: '24h', label: 'range.24h', duration: DAY },
  { id: '7d', label: 'range.7d', duration: 7 * DAY },
  { id: '30d', label: 'range.30d', duration: 30 * DAY },
] as const;
export type RangePresetId = (typeof rangePresets)[number]['id'];

const DEFAULT_RANGE_DURATION = DAY;

export function presetRange(id: RangePresetId, now: number): TimeSpan {
  const preset = rangePresets.find((p) => p.id === id) ?? rangePresets[1];
  return { from: now - preset.duration, to: now };
}

/** The preset a range was made from, when its length matches one. */
export function presetOf(range: TimeSpan): RangePresetId | undefined {
  return rangePresets.find((p) => p.duration === range.to - range.from)?.id;
}

/** Accepts ISO 8601 (what the console writes) or epoch milliseconds (what scripts may write). */
export function parseInstant(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = /^-?\d+$/.test(text.trim()) ? Number(text) : Date.parse(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export type RangeFromUrl = { ok: true; range: TimeSpan } | { ok: false; reason: string };

/** The range a link names when it names both ends, or undefined when an end is missing. */
export function namedRange(search: URLSearchParams): RangeFromUrl | undefined {
  const fromText = search.get('from');
  const toText = search.get('to');
  if (fromText === null || toText === null) return undefined;
  const from = parseInstant(fromText);
  const to = parseInstant(toText);
  if (from === undefined) return { ok: false, reason: t('range.notInstant', { text: fromText }) };
  if (to === undefined) return { ok: false, reason: t('range.notInstant', { text: toText }) };
  if (from > to) return { ok: false, reason: t('range.endsBeforeStart') };
  return { ok: true, range: { from, to } };
}

/**
 * The range a history link names. The URL holds absolute instants, so a shared link shows a
 * colleague the same data; a missing `to` means now, a missing `from` a day before `to`.
 */
export function rangeFromSearch(search: URLSearchParams, now: number): RangeFromUrl {
  const filled = new URLSearchParams(search);
  const to = search.get('to') ?? String(now);
  if (!search.has('to')) filled.set('to', to);
  if (!search.has('from')) {
    const end = parseInstant(to);
    filled.set('from', end === undefined ? '' : String(end - DEFAULT_RANGE_DURATION));
  }
  return namedRange(filled) ?? { ok: false, reason: t('range.incomplete') };
}

export function rangeToSearch(range: TimeSpan): Record<string, string> {
  return { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() };
}

/**
 * The page's IANA time zone, the one Intl formats in when given none: asked each time, so a
 * device that changes zone is followed as every formatted time on the page follows it.
 */
export const pageTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The person's time zone with its current offset, e.g. "Europe/Berlin (UTC+01:00)". */
export function timeZoneLabel(at: number, timeZone?: string): string {
  const zone = timeZone ?? pageTimeZone();
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = !part || part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
  return `${zone} (${offset})`;
}
