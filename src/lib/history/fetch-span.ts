import { HISTORY_MAX_COUNT } from '../../../contract/limits.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { sliceKey } from './dedupe.ts';
import type { TimeSpan } from './split-range.ts';

/** One history request: the interface's `from`, `to` (both inclusive) and `count`. */
export interface PageRequest extends TimeSpan {
  count: number;
}

/** What paging needs of an item: its instant and its sensor. */
export type PageItem = Pick<Timeslice, 'ts' | 'sensorUuid'>;

/** Performs one history request (the history engine's transport, lib/history-store/engine.ts). */
export type PageFetcher<T extends PageItem = Timeslice> = (
  request: PageRequest,
  signal: AbortSignal,
) => Promise<T[]>;

export class TooDenseError extends Error {
  constructor(ts: number, count: number) {
    super(
      `More than ${count} items share the instant ${new Date(ts).toISOString()}; ` +
        'the history interface cannot page past them.',
    );
    this.name = 'TooDenseError';
  }
}

/**
 * Every item of a span that fits one request's time limit, newest first. When a page comes back
 * full, the span may hold more: the next page asks again with `to` = the oldest ts received, and
 * the items of that instant already received are dropped (docs/decisions/0004-history.md, "History").
 */
export async function fetchSpan<T extends PageItem>(
  span: TimeSpan,
  fetchPage: PageFetcher<T>,
  signal: AbortSignal,
  count: number = HISTORY_MAX_COUNT,
): Promise<T[]> {
  const items: T[] = [];
  let to = span.to;
  let atBoundary = new Set<string>();
  for (;;) {
    signal.throwIfAborted();
    const page = await fetchPage({ from: span.from, to, count }, signal);
    let oldest = Number.POSITIVE_INFINITY;
    for (const item of page) {
      if (item.ts < oldest) oldest = item.ts;
      if (item.ts === to && atBoundary.has(sliceKey(item))) continue;
      items.push(item);
    }
    if (page.length < count) return items;
    if (oldest >= to) throw new TooDenseError(to, count);
    atBoundary = new Set(page.filter((item) => item.ts === oldest).map(sliceKey));
    to = oldest;
  }
}
