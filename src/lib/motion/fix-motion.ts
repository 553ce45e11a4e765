import { distanceM } from '../geo/distance.ts';

/**
 * One rule for "is the node moving?", read by the Fleet map (live and at a past moment of its
 * slider) and by the reports' trips and stops (docs/decisions/0062-states-at-any-moment.md).
 */

/** A GPS message with a position, and its `stationary` flag when it carried one. */
export interface Fix {
  ts: number;
  lat: number;
  lon: number;
  stationary?: boolean | undefined;
}

export interface MotionRule {
  /** Between two fixes without a flag, slower than this is standing still. */
  movingKmh: number;
  /** Fixes further apart in time than this: how the node moved between them is not known. */
  silenceMs: number;
}

/**
 * Two fixes further apart than this mean the node moved while unobserved. GPS scatter is a few
 * metres per unit of hdop; a calculated position (hdop 4–8) may be 20 m off.
 */
export const STILL_RADIUS_M = 150;

/**
 * Standing still between two fixes, judged by the speed between them (either order); after a
 * gap longer than the silence, by whether the node is still where it was. Undefined when the
 * two are at the same instant.
 */
export function standingBySpeed(a: Fix, b: Fix, rule: MotionRule): boolean | undefined {
  const dt = Math.abs(b.ts - a.ts);
  if (dt <= 0) return undefined;
  const d = distanceM(a.lat, a.lon, b.lat, b.lon);
  if (dt > rule.silenceMs) return d <= STILL_RADIUS_M;
  return (d / dt) * 3_600_000 < rule.movingKmh * 1000;
}

/**
 * Whether `fix` finds the node standing still (true) or moving (false), from what was known at
 * its instant: its own flag first (section 2.3: `stationary: true` standing); a departure
 * (`stationary: false`) heard since the fix before means moving; a fix away from a stop the node
 * said it stood at means it left (the departure went unheard); otherwise the speed from the fix
 * before. Undefined when nothing tells (the first fix ever seen, without a flag).
 */
export function standingAt(
  fix: Fix,
  previous: Fix | undefined,
  departedSince: boolean,
  rule: MotionRule,
): boolean | undefined {
  if (fix.stationary !== undefined) return fix.stationary;
  if (departedSince) return false;
  if (!previous) return undefined;
  if (
    previous.stationary === true &&
    fix.ts - previous.ts <= rule.silenceMs &&
    distanceM(previous.lat, previous.lon, fix.lat, fix.lon) > STILL_RADIUS_M
  ) {
    return false;
  }
  return standingBySpeed(previous, fix, rule);
}

/** The rule's values unless a report's settings change them: Traccar's (docs/decisions/). */
export const DEFAULT_MOTION_RULE: MotionRule = { movingKmh: 3, silenceMs: 60 * 60_000 };

/** Moving or not, and as of when. */
export interface Motion {
  moving: boolean;
  ts: number;
}

/**
 * A node's motion from its newest fix, the fix before it and its newest departure, as known at
 * the newest of them: a departure after the newest fix is moving from then on; otherwise the
 * newest fix is judged by standingAt. Undefined when nothing tells.
 */
export function motionAt(
  newest: Fix,
  before: Fix | undefined,
  departedAt: number | undefined,
  rule: MotionRule,
): Motion | undefined {
  if (departedAt !== undefined && departedAt > newest.ts) return { moving: true, ts: departedAt };
  const departedSince =
    departedAt !== undefined &&
    departedAt > (before?.ts ?? Number.NEGATIVE_INFINITY) &&
    newest.ts - departedAt <= rule.silenceMs;
  const standing = standingAt(newest, before, departedSince, rule);
  return standing === undefined ? undefined : { moving: !standing, ts: newest.ts };
}
