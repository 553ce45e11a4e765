/**
 * The fleet keeps Amsterdam's hours: days start at local midnight, summer time included. The
 * arithmetic is the console's too (contract/local-days.ts); this binds it to the demo's zone.
 */
import * as zoned from '../../contract/local-days.ts';

export { DAY_MS } from '../../contract/local-days.ts';
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
const ZONE = 'Europe/Amsterdam';

/** The local calendar day of `utc`, as days since 1970-01-01. */
export const localDay = (utc: number): number => zoned.localDay(utc, ZONE);

/** The UTC instant of local midnight that starts `day`. */
export const dayStart = (day: number): number => zoned.dayStart(day, ZONE);

/** Local hours since midnight (a fraction), for daily rhythms such as the air temperature. */
export const localHour = (utc: number): number => zoned.localHour(utc, ZONE);

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (day + 4) % 7;
}
