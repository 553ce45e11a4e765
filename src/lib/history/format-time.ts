import { currentLocale, t } from '../../i18n/i18n.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Every date and time the console shows goes through here: the person's locale (its order of day
 * and month, its 12- or 24-hour clock) and time zone, or the zone a caller names.
 */
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const locale = currentLocale();
  const key = JSON.stringify([locale, options, timeZone]);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
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

const MINUTE = { ...DATE, hour: 'numeric', minute: '2-digit' } as const;

/** An instant to the minute, as the From and To fields show and take it. */
export function formatMinute(ts: number): string {
  return formatter(MINUTE, undefined).format(ts);
}

/**
 * The instant a person typed into a From or To field, in the format formatMinute shows
 * ("24 nov 2026 18:12", "Nov 24, 2026, 6:12 PM") or as ISO ("2026-11-24 18:12"), in the person's
 * time zone; undefined when it names none.
 */
export function parseMinute(text: string): number | undefined {
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})\s*$/.exec(text);
  if (iso)
    return wallTime(Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5]));
  const numbers = [...text.matchAll(/\d+/g)].map((match) => Number(match[0]));
  const words = [...text.matchAll(/\p{L}+/gu)].map((match) => match[0].toLocaleLowerCase());
  const month = words.map(monthOf).find((found) => found !== undefined);
  const order = dateOrder();
  let day: number | undefined;
  let monthNumber: number | undefined;
  let year: number | undefined;
  let clock: number[];
  if (month !== undefined) {
    // Day and year in the locale's order; the month was a word.
    const dayFirst = order.indexOf('day') < order.indexOf('year');
    [day, year] = dayFirst ? [numbers[0], numbers[1]] : [numbers[1], numbers[0]];
    monthNumber = month;
    clock = numbers.slice(2);
  } else {
    const fields: Record<string, number | undefined> = {};
    order.forEach((part, index) => (fields[part] = numbers[index]));
    ({ day, month: monthNumber, year } = fields);
    clock = numbers.slice(3);
  }
  let hour = clock[0];
  const minute = clock[1] ?? 0;
  if (day === undefined || monthNumber === undefined || year === undefined || hour === undefined)
    return undefined;
  const pm = words.some((word) => /^(pm|p)$/.test(word));
  const am = words.some((word) => /^(am|a)$/.test(word));
  if ((pm || am) && (hour < 1 || hour > 12)) return undefined;
  if (pm && hour < 12) hour += 12;
  if (am && hour === 12) hour = 0;
  return wallTime(year, monthNumber, day, hour, minute);
}

function wallTime(year: number, month: number, day: number, hour: number, minute: number) {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const date = new Date(year, month - 1, day, hour, minute);
  // 31 February rolls over into March: not a date anyone meant.
  if (date.getDate() !== day || date.getMonth() !== month - 1) return undefined;
  return date.getTime();
}

/** The order of day, month and year in the locale's numeric dates. */
function dateOrder(): string[] {
  return formatter({ year: 'numeric', month: 'numeric', day: 'numeric' }, 'UTC')
    .formatToParts(Date.UTC(2026, 10, 24))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
}

const monthNames = new Map<string, string[][]>();

/** Each month's names in the locale, short and long, lower case without a dot. */
function monthsIn(locale: string): string[][] {
  let names = monthNames.get(locale);
  if (!names) {
    const styles = ['short', 'long'] as const;
    const formats = styles.map(
      (month) => new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' }),
    );
    names = Array.from({ length: 12 }, (_, month) =>
      formats.map((format) =>
        format
          .format(Date.UTC(2026, month, 15))
          .toLocaleLowerCase()
          .replace('.', ''),
      ),
    );
    monthNames.set(locale, names);
  }
  return names;
}

/** 1–12 for a month's name or its abbreviation in the locale (or English), else undefined. */
function monthOf(word: string): number | undefined {
  if (word.length < 3) return undefined;
  for (const locale of [currentLocale(), 'en']) {
    const month = monthsIn(locale).findIndex((names) =>
      names.some((name) => name.startsWith(word)),
    );
    if (month >= 0) return month + 1;
  }
  return undefined;
}

/**
 * A day as people read it in a table ("Tue 24 Nov", "di 24 nov"), in the zone its report counts
 * days in; the year is said by the range.
 */
export function formatDay(ts: number, timeZone?: string): string {
  return formatter({ weekday: 'short', day: 'numeric', month: 'short' }, timeZone).format(ts);
}

/**
 * A report's local day by its label ("2026-11-24", already counted in the report's zone) as
 * formatDay says it; the label itself when it is not such a date.
 */
export function formatDayLabel(label: string): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (!date) return label;
  // Noon UTC of that calendar date, shown in UTC: the same date in every zone.
  return formatDay(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), 12), 'UTC');
}

/** The time of day to the minute ("14:05", "2:05 PM"), where the day is said nearby. */
export function formatTimeOfDay(ts: number, timeZone?: string): string {
  return formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).format(ts);
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

/** A duration as people say it: "3 days 4 h", "25 min", "12 s" ("3 dagen 4 u"). */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('duration.seconds', { s });
  const min = Math.round(s / 60);
  if (min < 60) return t('duration.minutes', { min });
  const h = Math.floor(min / 60);
  if (h < 24)
    return min % 60 ? t('duration.hoursMinutes', { h, min: min % 60 }) : t('duration.hours', { h });
  const d = Math.floor(h / 24);
  return h % 24 ? t('duration.daysHours', { d, h: h % 24 }) : t('duration.days', { d });
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function formatAgo(ts: number, now: number): string {
  const s = Math.max(0, Math.round((now - ts) / 1000));
  if (s < 60) return t('ago.justNow');
  const min = Math.round(s / 60);
  if (min < 60) return t('ago.minutes', { min });
  const h = Math.round(min / 60);
  if (h < 48) return t('ago.hours', { h });
  return t('ago.days', { d: Math.round(h / 24) });
}
