import { HISTORY_MAX_SPAN_MS } from '../../../contract/limits.ts';

/** A time range in epoch milliseconds, both ends inclusive (docs/decisions/0004-history.md, "History"). */
export interface TimeSpan {
  from: number;
  to: number;
}

/**
 * Splits an inclusive range into pieces that each fit one history request, newest first.
 * A request may span `to - from = maxSpan`, i.e. maxSpan + 1 milliseconds; pieces take that whole
 * allowance so that seven days need seven requests, not eight. Pieces touch without overlapping, so
 * every instant of the range belongs to exactly one piece.
 */
export function splitRange(range: TimeSpan, maxSpan: number = HISTORY_MAX_SPAN_MS): TimeSpan[] {
  if (!Number.isInteger(range.from) || !Number.isInteger(range.to)) {
    throw new RangeError('A range needs whole milliseconds.');
  }
  if (range.from > range.to) throw new RangeError('A range must not end before it starts.');
  if (!Number.isInteger(maxSpan) || maxSpan < 0) throw new RangeError('Invalid span limit.');
  const pieces: TimeSpan[] = [];
  let to = range.to;
  for (;;) {
    const from = Math.max(range.from, to - maxSpan);
    pieces.push({ from, to });
    if (from === range.from) return pieces;
    to = from - 1;
  }
}

/** How many requests `splitRange` makes for a range, without building them. */
export function pieceCount(range: TimeSpan, maxSpan: number = HISTORY_MAX_SPAN_MS): number {
  return Math.ceil((range.to - range.from + 1) / (maxSpan + 1));
}
