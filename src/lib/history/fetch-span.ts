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

/** A page of a history answer as paging sees it: how many rows, and each row's instant and sensor. */
export interface PagedRows {
  length: number;
  ts(row: number): number;
  sensorUuid(row: number): string;
}

/** A page and the rows of it to keep (those not already received on the page before). */
export interface KeptPage<P> {
  page: P;
  keep: number[];
}

/**
 * Every page of a span that fits one request's time limit, newest first. When a page comes back
 * full, the span may hold more: the next page asks again with `to` = the oldest ts received, and
 * the rows of that instant already received are left out of `keep`
 * (docs/decisions/0004-history.md, "History"). Pages may be lists or columns.
 */
export async function pageSpan<P extends PagedRows>(
  span: TimeSpan,
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<P>,
  signal: AbortSignal,
  count: number = HISTORY_MAX_COUNT,
): Promise<KeptPage<P>[]> {
  const pages: KeptPage<P>[] = [];
  let to = span.to;
  let atBoundary = new Set<string>();
  for (;;) {
    signal.throwIfAborted();
    const page = await fetchPage({ from: span.from, to, count }, signal);
    const { keep, oldest } = keptRows(page, to, atBoundary);
    pages.push({ page, keep });
    if (page.length < count) return pages;
    if (oldest >= to) throw new TooDenseError(to, count);
    atBoundary = keysAt(page, oldest);
    to = oldest;
  }
}

const keyOf = (page: PagedRows, row: number) =>
  sliceKey({ sensorUuid: page.sensorUuid(row), ts: page.ts(row) });

/**
 * The rows of a page not received before (those at `to` whose key is in `atBoundary` were), and
 * its oldest instant. The loops over rows are functions of their own, not inside pageSpan's loop
 * over pages (docs/decisions/0155-jit-friendly-hot-loops.md).
 */
function keptRows(page: PagedRows, to: number, atBoundary: ReadonlySet<string>) {
  let oldest = Number.POSITIVE_INFINITY;
  const keep: number[] = [];
  for (let row = 0; row < page.length; row++) {
    const ts = page.ts(row);
    if (ts < oldest) oldest = ts;
    if (ts === to && atBoundary.has(keyOf(page, row))) continue;
    keep.push(row);
  }
  return { keep, oldest };
}

/** The keys of a page's rows at instant `ts`. */
function keysAt(page: PagedRows, ts: number): Set<string> {
  const keys = new Set<string>();
  for (let row = 0; row < page.length; row++) {
    if (page.ts(row) === ts) keys.add(keyOf(page, row));
  }
  return keys;
}

/** A list page as rows. */
function listRows<T extends PageItem>(items: T[]): PagedRows & { items: T[] } {
  const at = (row: number): PageItem => items[row] ?? { ts: Number.NaN, sensorUuid: '' };
  return {
    items,
    length: items.length,
    ts: (row) => at(row).ts,
    sensorUuid: (row) => at(row).sensorUuid,
  };
}

/** Every item of a span (pageSpan over list pages), newest first. */
export async function fetchSpan<T extends PageItem>(
  span: TimeSpan,
  fetchPage: PageFetcher<T>,
  signal: AbortSignal,
  count: number = HISTORY_MAX_COUNT,
): Promise<T[]> {
  const pages = await pageSpan(
    span,
    async (request, pageSignal) => listRows(await fetchPage(request, pageSignal)),
    signal,
    count,
  );
  return pages.flatMap(({ page, keep }) => keep.flatMap((row) => page.items[row] ?? []));
}
