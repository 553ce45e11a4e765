import { dayStart, HOUR_MS, MINUTE_MS } from './local-time.ts';
import { unit } from './random.ts';

/**
 * Firmware is released every Wednesday at 10:00 (local): about 60% of the fleet installs it by
 * Thursday afternoon, the rest with the next week's rollout. A CONN `version` is the build number,
 * FIRST_BUILD for the release of Wednesday 7 January 2026 and one more for each week since.
 */
const FIRST_BUILD = 3000;
const FIRST_RELEASE_DAY = Date.UTC(2026, 0, 7) / 86_400_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const ROLLOUT_MS = 30 * HOUR_MS;

export function releaseTime(release: number): number {
  return dayStart(FIRST_RELEASE_DAY + 7 * release) + 10 * HOUR_MS;
}

/** When a node installs a release (rounded to the minute: an update takes a while). */
export function installTime(nodeId: number, release: number): number {
  const early = unit(nodeId, release, 0xf1) < 0.6;
  const start = releaseTime(release) + (early ? 0 : WEEK_MS);
  const at = start + unit(nodeId, release, 0xf2) * ROLLOUT_MS;
  return Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** The release a node runs at `t` (the newest it has installed). */
function releaseAt(nodeId: number, t: number): number {
  const latest = Math.floor((t - releaseTime(0)) / WEEK_MS) + 1;
  for (let release = latest; release >= latest - 3; release--) {
    if (installTime(nodeId, release) <= t) return release;
  }
  return latest - 4;
}

export function versionAt(nodeId: number, t: number): number {
  return FIRST_BUILD + releaseAt(nodeId, t);
}

/** Installs that changed the node's version within [from, to). */
export function updatesBetween(nodeId: number, from: number, to: number): number[] {
  const times: number[] = [];
  const first = Math.floor((from - releaseTime(0)) / WEEK_MS) - 2;
  const last = Math.floor((to - releaseTime(0)) / WEEK_MS) + 1;
  for (let release = first; release <= last; release++) {
    const at = installTime(nodeId, release);
    if (
      at >= from &&
      at < to &&
      releaseAt(nodeId, at) === release &&
      releaseAt(nodeId, at - 1) < release
    ) {
      times.push(at);
    }
  }
  return times.sort((a, b) => a - b);
}
