/** The fleet keeps Amsterdam's hours: days start at local midnight, summer time included. */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Amsterdam',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});
const offsets = new Map<number, number>();

/** Amsterdam's offset from UTC at `utc` (ms), cached per hour: offsets change on the hour. */
function offsetMs(utc: number): number {
  const hour = Math.floor(utc / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const field = (type: string) =>
      Number(parts.formatToParts(hour * HOUR_MS).find((part) => part.type === type)?.value);
    const local = Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
    );
    offset = local - hour * HOUR_MS;
    offsets.set(hour, offset);
  }
  return offset;
}

/** The local calendar day of `utc`, as days since 1970-01-01. */
export function localDay(utc: number): number {
  return Math.floor((utc + offsetMs(utc)) / DAY_MS);
}

/** The UTC instant of local midnight that starts `day`. */
export function dayStart(day: number): number {
  let guess = day * DAY_MS - offsetMs(day * DAY_MS);
  guess = day * DAY_MS - offsetMs(guess);
  return guess;
}

/** Local hours since midnight (a fraction), for daily rhythms such as the air temperature. */
export function localHour(utc: number): number {
  return ((((utc + offsetMs(utc)) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (day + 4) % 7;
}
