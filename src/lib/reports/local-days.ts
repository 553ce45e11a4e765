import type { TimeSpan } from '../history/split-range.ts';

const parts = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    parts.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at an instant, as if it were UTC. */
function wallClock(ts: number, timeZone: string): { y: number; m: number; d: number; utc: number } {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ts)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const y = fields.year ?? 1970;
  const m = fields.month ?? 1;
  const d = fields.day ?? 1;
  const utc = Date.UTC(y, m - 1, d, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0);
  return { y, m, d, utc };
}

/** The instant a local date begins in the zone (DST days have 23 or 25 hours). */
function midnight(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall;
  // The offset at the guess moves the guess; twice settles it even across a DST change.
  for (let i = 0; i < 3; i++) {
    const offset = wallClock(guess, timeZone).utc - Math.floor(guess / 1000) * 1000;
    guess = wall - offset;
  }
  return guess;
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

export function localDays(range: TimeSpan, timeZone: string): LocalDays {
  const first = wallClock(range.from, timeZone);
  const starts: number[] = [];
  const labels: string[] = [];
  for (let k = 0; k < 400; k++) {
    const date = new Date(Date.UTC(first.y, first.m - 1, first.d + k));
    const start = midnight(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      timeZone,
    );
    if (start > range.to) {
      starts.push(start);
      break;
    }
    starts.push(start);
    labels.push(date.toISOString().slice(0, 10));
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
