/**
 * How long a node may stay quiet before a silence alarm (docs/decisions/0080-alarms.md): read
 * by the cloud's silence check and by the console that watches a cloud without alarms, so both
 * raise the same alarms.
 */

const MINUTE_MS = 60_000;

/** `silentAfterMinutes` of one channel's properties (parsed), when it names a usable one. */
function silentAfterMinutesIn(properties: unknown): number | undefined {
  if (typeof properties !== 'object' || properties === null) return undefined;
  const value = (properties as Record<string, unknown>).silentAfterMinutes;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The node's own `silentAfterMinutes`, else the shortest of its groups' (each group asked to hear
 * of it that soon), in milliseconds; undefined when nothing asks.
 */
export function silentAfterMs(
  nodeProperties: unknown,
  groupProperties: readonly unknown[],
): number | undefined {
  const own = silentAfterMinutesIn(nodeProperties);
  if (own !== undefined) return own * MINUTE_MS;
  const fromGroups = groupProperties
    .map(silentAfterMinutesIn)
    .filter((minutes) => minutes !== undefined);
  return fromGroups.length > 0 ? Math.min(...fromGroups) * MINUTE_MS : undefined;
}

/** How far back the silence check looks for a node's last message: a day, as the cloud does. */
export const SILENCE_LOOKBACK_MS = 86_400_000;

/** Readings back in (or positions outside) this long clear an alarm: the cloud's default. */
export const DEFAULT_HOLD_OFF_MINUTES = 10;
