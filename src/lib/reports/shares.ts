import { MOVING, PARKED, SILENT } from './motion-summary.ts';

/**
 * Whole percents of `counts` that add up to 100 (0 each when all are 0), by the largest
 * remainder: each share is rounded down, and the points still missing go to the shares that lost
 * most. Rounding each share alone reads "moving 11 %, parked 90 %" for 10.6 % and 89.4 %.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + Math.max(0, count), 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (100 * Math.max(0, count)) / total);
  const shares = exact.map(Math.floor);
  let missing = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    missing -= 1;
  }
  return shares;
}

/**
 * A timebar's moving, parked and silent shares in whole percents adding up to 100, of the
 * columns in one of those states: a column without data (before the node's first message) is no
 * part of what it did.
 */
export function timebarShares(states: Uint8Array): {
  moving: number;
  parked: number;
  silent: number;
} {
  let moving = 0;
  let parked = 0;
  let silent = 0;
  for (const state of states) {
    if (state === MOVING) moving++;
    else if (state === PARKED) parked++;
    else if (state === SILENT) silent++;
  }
  const [m = 0, p = 0, s = 0] = wholePercents([moving, parked, silent]);
  return { moving: m, parked: p, silent: s };
}
