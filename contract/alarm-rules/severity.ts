/**
 * Severity of the kinds whose severity is fixed (docs/decisions/0080-alarms.md). Temperature's
 * follows how far and how long (temperature-severity.ts, record 0174). Apart from the schemas in
 * contract/alarms.ts so that the console's own alarm book (loaded with the header) does not pull
 * zod in with it.
 */
export const severityOf = {
  silence: 'major',
  place: 'warning',
} as const;
