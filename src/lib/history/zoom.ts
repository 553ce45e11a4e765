import type { Message } from '../../i18n/message.ts';
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
  { value: 60_000 },
  { value: 600_000 },
  { value: 3_600_000 },
  { value: 21_600_000 },
] as const;

/** A replay speed as the menu says it: "10 min/s", "1 h/s" (the number by the locale). */
export function replaySpeedMessage(value: number): Message {
  return value < 3_600_000
    ? { id: 'replay.minutesPerSecond', values: { n: value / 60_000 } }
    : { id: 'replay.hoursPerSecond', values: { n: value / 3_600_000 } };
}

/** Where the replay cursor is after `elapsed` ms of replay; it stops at the end. */
export function advanceReplay(
  cursor: number,
  elapsed: number,
  perSecond: number,
  end: number,
): number {
  return Math.min(end, cursor + (elapsed / 1000) * perSecond);
}
