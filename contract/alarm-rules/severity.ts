/**
 * Severity by kind (docs/decisions/0080-alarms.md). Apart from the schemas in contract/alarms.ts
 * so that the console's own alarm book (loaded with the header) does not pull zod in with it.
 */
export const severityOf = {
  temperature: 'critical',
  silence: 'major',
  place: 'warning',
} as const;
