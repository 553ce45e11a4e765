/**
 * Local calendar days in a time zone, for the console's reports (trips, excursions and daily
 * figures per local day: src/lib/reports/) and the cloud's demo fleet (which keeps Amsterdam's
 * hours: server/sim/local-time.ts). A day starts at local midnight, so it has 23 or 25 hours
 * where summer time begins or ends.
 */
export const DAY_MS = 86_400_000;
/** Since 1972 every zone changes its offset on a quarter of an hour (UTC), never within one. */
const QUARTER_MS = 900_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `utc` (ms), cached per quarter hour: the demo asks per message. */
function offsetMs(utc: number, timeZone: string): number {
  let cache = offsets.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsets.set(timeZone, cache);
  }
  const quarter = Math.floor(utc / QUARTER_MS);
  let offset = cache.get(quarter);
  if (offset === undefined) {
    const at = quarter * QUARTER_MS;
    const fields: Record<string, number> = {};
    for (const part of formatterFor(timeZone).formatToParts(at)) {
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
    );
    offset = wall - at;
    cache.set(quarter, offset);
  }
  return offset;
}

/** The local calendar day of `utc`, as days since 1970-01-01. */
export function localDay(utc: number, timeZone: string): number {
  return Math.floor((utc + offsetMs(utc, timeZone)) / DAY_MS);
}

/** The UTC instant of the local midnight that starts `day` (days since 1970-01-01). */
export function dayStart(day: number, timeZone: string): number {
  const wall = day * DAY_MS;
  let guess = wall;
  // The offset at the guess moves the guess; a few rounds settle it even across a change.
  for (let i = 0; i < 3; i++) guess = wall - offsetMs(guess, timeZone);
  return guess;
}

/** Local hours since midnight (a fraction), for daily rhythms such as the air temperature. */
export function localHour(utc: number, timeZone: string): number {
  return ((((utc + offsetMs(utc, timeZone)) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
}

/**
 * The local days a range touches in a time zone: day k runs from `starts[k]` up to (not
 * including) `starts[k + 1]`; the last entry is the end of the last day. `labels[k]` is its date
 * as YYYY-MM-DD, for files and keys (pages format dates for people).
 */
export interface LocalDays {
  starts: number[];
  labels: string[];
}

export function localDays(range: { from: number; to: number }, timeZone: string): LocalDays {
  const first = localDay(range.from, timeZone);
  const starts: number[] = [];
  const labels: string[] = [];
  for (let k = 0; k < 400; k++) {
    const start = dayStart(first + k, timeZone);
    starts.push(start);
    // A range that ends at midnight (Monday 00:00 to Saturday 00:00) covers Monday to Friday: the
    // day it ends on holds no time of it, and would show as an empty row of its own.
    if (start > range.to || (k > 0 && start >= range.to)) break;
    labels.push(new Date((first + k) * DAY_MS).toISOString().slice(0, 10));
  }
  return { starts, labels };
}

/** The day an instant falls on, or -1 outside the days. */
export function dayIndex(days: LocalDays, ts: number): number {
  const { starts } = days;
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((starts[mid] ?? 0) <= ts) lo = mid + 1;
    else hi = mid;
  }
  const index = lo - 1;
  return index >= 0 && index < starts.length - 1 ? index : -1;
}

/** Adds the part of [from, to) that falls on each day to `into[day]`. */
export function spreadOverDays(
  days: LocalDays,
  from: number,
  to: number,
  into: Float64Array,
): void {
  let day = Math.max(0, dayIndex(days, from));
  for (; day < days.starts.length - 1; day++) {
    const start = Math.max(from, days.starts[day] ?? 0);
    const end = Math.min(to, days.starts[day + 1] ?? 0);
    if (end <= start) {
      if ((days.starts[day] ?? 0) >= to) break;
      continue;
    }
    into[day] = (into[day] ?? 0) + (end - start);
  }
}
