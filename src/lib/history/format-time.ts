import { scaleTime } from 'd3-scale';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Every date and time the console shows goes through here: the person's locale (its order of day
 * and month, its 12- or 24-hour clock) and time zone, or the zone a caller names.
 */
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const key = JSON.stringify([options, timeZone]);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const CLOCK = { hour: 'numeric', minute: '2-digit', second: '2-digit' } as const;

/** An exact instant for tooltips and tables, to the second, in the person's time zone. */
export function formatInstant(ts: number, timeZone?: string): string {
  return formatter({ ...DATE, ...CLOCK }, timeZone).format(ts);
}

/**
 * An instant with its time zone named ("… 14:05:09 CET"), where a page does not say the zone
 * elsewhere and it matters: the moment the fleet map shows, when a push delivery was sent.
 */
export function formatInstantWithZone(ts: number, timeZone?: string): string {
  return formatter({ ...DATE, ...CLOCK, timeZoneName: 'short' }, timeZone).format(ts);
}

/** The time of day only, to the second (the date is said nearby). */
export function formatClock(ts: number, timeZone?: string): string {
  return formatter(CLOCK, timeZone).format(ts);
}

/** Hours and minutes of an instant on a 24-hour clock in the zone, for deciding, not showing. */
function hourMinute(ts: number, timeZone: string | undefined): [number, number] {
  const parts = formatter({ hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }, timeZone)
    .formatToParts(ts)
    .filter((part) => part.type === 'hour' || part.type === 'minute')
    .map((part) => Number(part.value));
  return [parts[0] ?? 0, parts[1] ?? 0];
}

/** Axis ticks say only what changes across the visible span; a midnight is just its date. */
export function formatTick(ts: number, span: number, timeZone?: string): string {
  if (span <= 2 * HOUR) return formatter(CLOCK, timeZone).format(ts);
  const clock = formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).format(ts);
  const date = formatter({ month: 'short', day: 'numeric' }, timeZone).format(ts);
  const [hour, minute] = hourMinute(ts, timeZone);
  const midnight = hour === 0 && minute === 0;
  if (span <= 1.5 * DAY) return midnight ? `${date}, ${clock}` : clock;
  if (span <= 10 * DAY && !midnight) return `${date}, ${clock}`;
  return date;
}

/** A duration as people say it: "3 days 4 h", "25 min", "12 s". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24
    ? `${d} ${d === 1 ? 'day' : 'days'} ${h % 24} h`
    : `${d} ${d === 1 ? 'day' : 'days'}`;
}

/** Round instants for axis ticks (whole hours, midnights…) in the person's time zone. */
export function timeTicks(from: number, to: number, count: number): number[] {
  return scaleTime()
    .domain([new Date(from), new Date(to)])
    .ticks(Math.max(2, count))
    .map((date) => date.getTime());
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function formatAgo(ts: number, now: number): string {
  const s = Math.max(0, Math.round((now - ts) / 1000));
  if (s < 60) return 'just now';
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
