import type { TimeSpan } from './split-range.ts';

/** The narrowest window a person can zoom into: one second. */
export const MIN_WINDOW_MS = 1000;

/**
 * A window `factor` times as wide as `window` (0.5 zooms in), around `center`, kept inside
 * `range`: it slides back in rather than shrinking at an edge.
 */
export function zoomWindow(
  window: TimeSpan,
  range: TimeSpan,
  factor: number,
  center?: number,
): TimeSpan {
  const full = range.to - range.from;
  const width = Math.min(
    full,
    Math.max(MIN_WINDOW_MS, Math.round((window.to - window.from) * factor)),
  );
  const middle = center ?? (window.from + window.to) / 2;
  let from = Math.round(middle - width / 2);
  from = Math.min(Math.max(from, range.from), range.to - width);
  return { from, to: from + width };
}

/** Replay speeds: how many milliseconds of history pass per second of replay. */
export const replaySpeeds = [
  { label: '1 min/s', value: 60_000 },
  { label: '10 min/s', value: 600_000 },
  { label: '1 h/s', value: 3_600_000 },
  { label: '6 h/s', value: 21_600_000 },
] as const;

/** Where the replay cursor is after `elapsed` ms of replay; it stops at the end. */
export function advanceReplay(
  cursor: number,
  elapsed: number,
  perSecond: number,
  end: number,
): number {
  return Math.min(end, cursor + (elapsed / 1000) * perSecond);
}
