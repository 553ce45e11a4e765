/**
 * Temperature limits of a node's cargo, in °C, from channel properties (docs/decisions/0024-fleet-reports-and-the-history-engine.md,
 * "Cold chain"): `{"temperature": {"min": -25, "max": -15}}`. Either bound may be left out (a
 * chilled load may have only a maximum). They may sit on the sensor, on its node, or on a group
 * for all its members; the nearest wins. The console's reports and the cloud's alarms both read
 * them here, so that a limit means the same on a chart and in an alarm.
 */
export interface Limits {
  min?: number;
  max?: number;
  /** Minutes a reading must stay out before an alarm is raised (alarms only; reports ignore it). */
  delayMinutes?: number;
}

/** Where the limits that apply came from, for the page to say. */
export interface AppliedLimits extends Limits {
  source: 'sensor' | 'node' | 'group';
  /** The channel (or channels, when several groups name limits) that set them. */
  from: string[];
  /** Groups whose bands do not overlap: no load could meet them all, so none apply. */
  conflict?: true;
}

export type LimitsReading =
  { kind: 'none' } | { kind: 'limits'; limits: Limits } | { kind: 'invalid'; reason: string };

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads the convention from a channel's properties; a broken entry says what is wrong. */
export function readLimits(properties: unknown): LimitsReading {
  if (typeof properties !== 'object' || properties === null) return { kind: 'none' };
  const entry = (properties as Record<string, unknown>).temperature;
  if (entry === undefined) return { kind: 'none' };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return { kind: 'invalid', reason: '"temperature" must be an object with "min" and/or "max"' };
  }
  const { min, max, delayMinutes } = entry as Record<string, unknown>;
  if (min !== undefined && !finite(min))
    return { kind: 'invalid', reason: '"min" must be a number' };
  if (max !== undefined && !finite(max))
    return { kind: 'invalid', reason: '"max" must be a number' };
  if (min === undefined && max === undefined) {
    return { kind: 'invalid', reason: '"temperature" names neither "min" nor "max"' };
  }
  if (min !== undefined && max !== undefined && min > max) {
    return { kind: 'invalid', reason: `"min" (${min}) is above "max" (${max})` };
  }
  const limits: Limits = {};
  if (min !== undefined) limits.min = min;
  if (max !== undefined) limits.max = max;
  if (finite(delayMinutes) && delayMinutes >= 0) limits.delayMinutes = delayMinutes;
  return { kind: 'limits', limits };
}

export interface LimitSource {
  /** A channel's name, for saying where limits came from. */
  name: string;
  limits: Limits;
}

/**
 * The limits that apply to a sensor: its own, else its node's, else its groups'. Groups are
 * equally near; when several name limits, the band all of them allow applies (the highest
 * minimum, the lowest maximum), since a load in those groups must meet each; if their bands do
 * not overlap, none apply and the answer says so (`conflict`). Undefined when no limits apply.
 */
export function nearestLimits(
  sensor: LimitSource | undefined,
  node: LimitSource | undefined,
  groups: readonly LimitSource[],
): AppliedLimits | undefined {
  if (sensor) return { ...sensor.limits, source: 'sensor', from: [sensor.name] };
  if (node) return { ...node.limits, source: 'node', from: [node.name] };
  if (groups.length === 0) return undefined;
  const mins = groups.flatMap((g) => (g.limits.min === undefined ? [] : [g.limits.min]));
  const maxes = groups.flatMap((g) => (g.limits.max === undefined ? [] : [g.limits.max]));
  const applied: AppliedLimits = { source: 'group', from: groups.map((g) => g.name) };
  if (mins.length > 0) applied.min = Math.max(...mins);
  if (maxes.length > 0) applied.max = Math.min(...maxes);
  // The strictest delay of the groups: each group asked to hear of an excursion that soon.
  const delays = groups.flatMap((g) =>
    g.limits.delayMinutes === undefined ? [] : [g.limits.delayMinutes],
  );
  if (delays.length > 0) applied.delayMinutes = Math.min(...delays);
  if (applied.min !== undefined && applied.max !== undefined && applied.min > applied.max) {
    return { source: 'group', from: applied.from, conflict: true };
  }
  return applied;
}

/** "−25 to −15 °C", "at most 7 °C", "at least 2 °C". */
export function describeLimits(limits: Limits): string {
  const c = (v: number) => `${v < 0 ? '\u2212' : ''}${Math.abs(v)} °C`;
  if (limits.min !== undefined && limits.max !== undefined)
    return `${c(limits.min)} to ${c(limits.max)}`;
  if (limits.max !== undefined) return `at most ${c(limits.max)}`;
  if (limits.min !== undefined) return `at least ${c(limits.min)}`;
  return 'no limits';
}
