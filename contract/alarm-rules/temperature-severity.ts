/**
 * How serious a temperature excursion is: how far and how long it was out (issue 34,
 * docs/decisions/0174-temperature-alarms-that-mean-something.md, docs/alarms.md). One rule for
 * the cloud and for the console that raises alarms itself, so both say the same.
 *
 * - An excursion raises nothing until it has lasted the delay (`temperature.delayMinutes`,
 *   default DEFAULT_DELAY_MINUTES): a door opened at a delivery warms the box for a few minutes.
 * - Raised, it is a `warning`; `major` once its farthest reading is 2 °C or more beyond the limit
 *   or it has been out for an hour; `critical` at 5 °C or more beyond, or out for three hours.
 * - Severity only rises while the excursion lasts; it never falls back before the alarm clears.
 */

export type TemperatureSeverity = 'warning' | 'major' | 'critical';

/** Minutes an excursion must last before it raises an alarm, when no property says otherwise. */
export const DEFAULT_DELAY_MINUTES = 15;

const MINUTE_MS = 60_000;

/** From the most serious down: the first step whose distance or duration is reached applies. */
const SEVERITY_STEPS: readonly {
  severity: Exclude<TemperatureSeverity, 'warning'>;
  /** °C beyond the limit crossed, at the farthest reading. */
  beyond: number;
  /** Minutes from the first reading out to the newest one still out. */
  minutes: number;
}[] = [
  { severity: 'critical', beyond: 5, minutes: 180 },
  { severity: 'major', beyond: 2, minutes: 60 },
];

const rank: Record<TemperatureSeverity, number> = { warning: 0, major: 1, critical: 2 };

/** The delay in milliseconds for a band's `delayMinutes` (absent: the default). */
export const delayMsOf = (delayMinutes: number | undefined): number =>
  (delayMinutes ?? DEFAULT_DELAY_MINUTES) * MINUTE_MS;

/** Severity of an excursion `beyond` °C past its limit at its farthest, out for `outMs`. */
export function temperatureSeverity(beyond: number, outMs: number): TemperatureSeverity {
  for (const step of SEVERITY_STEPS) {
    // A hair under the step counts as reaching it: 10.1 − 8 is 2.0999… in binary.
    if (beyond >= step.beyond - 1e-9 || outMs >= step.minutes * MINUTE_MS) return step.severity;
  }
  return 'warning';
}

/** The more serious of two severities: an alarm's severity only rises. */
export const graver = (a: TemperatureSeverity, b: TemperatureSeverity): TemperatureSeverity =>
  rank[b] > rank[a] ? b : a;
