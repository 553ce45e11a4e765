import { pageSpan, type PageRequest } from '../history/fetch-span.ts';
import { loadPieces } from '../history/load-pieces.ts';
import { splitRange, type TimeSpan } from '../history/split-range.ts';
import { answerPage, chunkOfPages } from './answer-pages.ts';
import { chunkBytes, type Chunk } from './chunk.ts';
import { Dictionary } from './dictionary.ts';
import type { Message } from '../../i18n/message.ts';
import type { AnswerOf, EngineError, LoadStatus, Progress, Query } from './protocol.ts';
import { answer, type ExportProgress } from './queries.ts';
import { RangeStore } from './range-store.ts';
import { InvalidTimeslice } from './timeslice-check.ts';

/**
 * One history request for a channel, answering the parsed JSON body as it came: the interface's
 * list, or the columnar extension if the source asked for it (answer-pages.ts).
 */
export type PageSource = (
  request: PageRequest & { channelUuid: string },
  signal: AbortSignal,
) => Promise<unknown>;

/** Requests in flight at once: enough to overlap latency, few enough to stay kind to the cloud. */
const HISTORY_CONCURRENCY = 3;
/** Days kept for the session, at most this many bytes of columns (about 400,000 messages). */
const CACHE_BYTES = 192 * 1024 * 1024;
/** A day that reaches into the last minute may still grow: it is asked again after this. */
const RECENT_MS = 60_000;
const RECENT_TTL_MS = 15_000;

interface Cached {
  chunk: Chunk;
  bytes: number;
  /** When it may be asked again; Infinity for a day wholly in the past. */
  freshUntil: number;
}

type Listener = (progress: Progress) => void;

interface Dataset {
  channelUuid: string;
  store: RangeStore;
  status: LoadStatus;
  error: EngineError | undefined;
  controller: AbortController | undefined;
  listeners: Set<Listener>;
}

/** What a page item must be for paging to work on it; the chunk checks the rest. */
function pageItems(body: unknown): { ts: number; sensorUuid: string }[] {
  if (!Array.isArray(body)) throw new InvalidTimeslice('answer', 'must be a list');
  body.forEach((item: unknown, index) => {
    const fields = item as { ts?: unknown; sensorUuid?: unknown } | null;
    if (typeof fields?.ts !== 'number' || typeof fields.sensorUuid !== 'string') {
      throw new InvalidTimeslice(`item ${index}`, 'must have a numeric ts and a sensorUuid');
    }
  });
  return body as { ts: number; sensorUuid: string }[];
}

export function engineError(error: unknown): EngineError {
  if (error instanceof InvalidTimeslice) {
    return {
      name: 'ApiError',
      // What the check found, for the technical details; the page says the rest in its
      // language (this runs in a worker, which knows no language).
      message: error.message,
      status: 200,
      code: 'INVALID_RESPONSE',
    };
  }
  if (error instanceof Error) {
    const { status, code, words } = error as Error & {
      status?: unknown;
      code?: unknown;
      // An ApiError's sentence as data (connection-failure.ts): it crosses to the page as is.
      words?: Message;
    };
    return {
      name: error.name,
      message: error.message,
      ...(typeof status === 'number' ? { status } : {}),
      ...(typeof code === 'string' ? { code } : {}),
      ...(words ? { words } : {}),
    };
  }
  // Nothing to say: the page says the history could not be loaded.
  return { name: 'Error', message: '' };
}

/**
 * The history engine (docs/architecture.md, "The history engine"): it loads ranges as one-day
 * pieces with bounded concurrency, keeps them as columns, and answers what pages ask of them. It
 * runs in a Web Worker in the console (src/api/history-engine/) and in the test's own thread in
 * tests; it knows nothing of either.
 *
 * Ranges are opened by key (channel and range); several views of the same range share one
 * dataset. Days are cached for the session by (channel, from, to), so reopening a range or
 * resuming a cancelled one asks the cloud only for what it does not have, as the console did
 * through TanStack Query before.
 */
export interface EngineOptions {
  now?: () => number;
  /** The longest span of one request (the interface's day); tests take tiny ones. */
  maxSpan?: number;
  /** Items per request (the interface's 10000). */
  count?: number;
}

export class HistoryEngine {
  private readonly fetchPage: PageSource;
  private readonly now: () => number;
  private readonly maxSpan: number | undefined;
  private readonly count: number | undefined;
  private dictionary = new Dictionary();
  private readonly cache = new Map<string, Cached>();
  private cacheBytes = 0;
  private readonly datasets = new Map<string, Dataset>();

  constructor(fetchPage: PageSource, options: EngineOptions = {}) {
    this.fetchPage = fetchPage;
    this.now = options.now ?? Date.now;
    this.maxSpan = options.maxSpan;
    this.count = options.count;
  }

  /** Starts loading a range (or joins the load under way) and reports its progress. */
  open(key: string, channelUuid: string, range: TimeSpan, listener: Listener): void {
    let dataset = this.datasets.get(key);
    if (!dataset) {
      dataset = {
        channelUuid,
        store: new RangeStore(this.dictionary, splitRange(range, this.maxSpan)),
        status: 'loading',
        error: undefined,
        controller: undefined,
        listeners: new Set(),
      };
      this.datasets.set(key, dataset);
      dataset.listeners.add(listener);
      this.load(dataset);
    } else {
      dataset.listeners.add(listener);
      listener(this.progress(dataset));
    }
  }

  /** Stops loading; the days that arrived stay. */
  cancel(key: string): void {
    const dataset = this.datasets.get(key);
    if (!dataset || dataset.status !== 'loading') return;
    dataset.controller?.abort();
    dataset.status = 'cancelled';
    this.notify(dataset);
  }

  /** Loads what is still missing after a cancel or a failure. */
  resume(key: string): void {
    const dataset = this.datasets.get(key);
    if (!dataset || dataset.status === 'loading' || dataset.status === 'done') return;
    this.load(dataset);
  }

  /** The listener no longer needs the range; the last one to leave stops its loading. */
  close(key: string, listener: Listener): void {
    const dataset = this.datasets.get(key);
    if (!dataset) return;
    dataset.listeners.delete(listener);
    if (dataset.listeners.size > 0) return;
    dataset.controller?.abort();
    this.datasets.delete(key);
  }

  /** Forgets every range and day (a sign-out: the next person must not see them). */
  reset(): void {
    for (const dataset of this.datasets.values()) dataset.controller?.abort();
    this.datasets.clear();
    this.cache.clear();
    this.cacheBytes = 0;
    this.dictionary = new Dictionary();
  }

  /** Appends live readings to an open range (see RangeStore.append). */
  append(key: string, items: unknown[]): number {
    const dataset = this.datasets.get(key);
    if (!dataset) return 0;
    const added = dataset.store.append(pageItems(items));
    if (added > 0) this.notify(dataset);
    return added;
  }

  /** Answers a question about an open range; `signal` stops a long one (an export). */
  async query<Q extends Query>(
    key: string,
    query: Q,
    onExport?: (progress: ExportProgress) => void,
    signal?: AbortSignal,
  ): Promise<AnswerOf<Q>> {
    const dataset = this.datasets.get(key);
    if (!dataset) throw new Error('That range is not open.');
    return answer(dataset.store, query, {
      loadPiece: (index, pieceSignal) => this.piece(dataset, index, pieceSignal),
      onExport,
      ...(signal ? { signal } : {}),
    });
  }

  private progress(dataset: Dataset): Progress {
    const { store } = dataset;
    return {
      status: dataset.status,
      loaded: store.pieces.map((_, index) => store.hasPiece(index)),
      messages: store.messageCount,
      version: store.version,
      ...(dataset.error ? { error: dataset.error } : {}),
    };
  }

  private notify(dataset: Dataset): void {
    const progress = this.progress(dataset);
    for (const listener of dataset.listeners) listener(progress);
  }

  private load(dataset: Dataset): void {
    dataset.controller?.abort();
    const controller = new AbortController();
    dataset.controller = controller;
    dataset.status = 'loading';
    dataset.error = undefined;
    const { store } = dataset;
    const skip = new Set(
      store.pieces.flatMap((_, index) => (store.hasPiece(index) ? [index] : [])),
    );
    this.notify(dataset);
    // Each piece comes through `piece` (store, cache or cloud); loadPieces orders and bounds them.
    void loadPieces(
      store.pieces,
      async (span, signal) => {
        const index = store.pieces.indexOf(span);
        return { index, chunk: await this.piece(dataset, index, signal) };
      },
      {
        concurrency: HISTORY_CONCURRENCY,
        signal: controller.signal,
        skip,
        onPiece: () => undefined,
      },
    ).then(
      () => {
        if (dataset.controller !== controller) return;
        dataset.status = 'done';
        this.notify(dataset);
      },
      (error: unknown) => {
        if (controller.signal.aborted || dataset.controller !== controller) return;
        dataset.status = 'failed';
        dataset.error = engineError(error);
        this.notify(dataset);
      },
    );
  }

  /** One piece of a dataset: from the store, the session's cache, or the cloud. */
  private async piece(dataset: Dataset, index: number, signal: AbortSignal): Promise<Chunk> {
    const { store, channelUuid } = dataset;
    const have = store.pieceChunk(index);
    if (have) return have;
    const span = store.pieces[index];
    if (!span) throw new RangeError(`no piece ${index}`);
    const key = `${channelUuid}|${span.from}|${span.to}`;
    const cached = this.cache.get(key);
    if (cached && cached.freshUntil > this.now()) {
      // Most recently used last: eviction takes from the front.
      this.cache.delete(key);
      this.cache.set(key, cached);
      store.setPiece(index, cached.chunk);
      this.notify(dataset);
      return cached.chunk;
    }
    const dictionary = this.dictionary;
    const pages = await pageSpan(
      span,
      async (page, pageSignal) =>
        answerPage(await this.fetchPage({ channelUuid, ...page }, pageSignal), dictionary),
      signal,
      this.count,
    );
    signal.throwIfAborted();
    const chunk = chunkOfPages(pages, dictionary);
    const asked = this.now();
    this.remember(key, {
      chunk,
      bytes: chunkBytes(chunk),
      freshUntil: span.to < asked - RECENT_MS ? Infinity : asked + RECENT_TTL_MS,
    });
    store.setPiece(index, chunk);
    this.notify(dataset);
    return chunk;
  }

  private remember(key: string, entry: Cached): void {
    const old = this.cache.get(key);
    if (old) this.cacheBytes -= old.bytes;
    this.cache.delete(key);
    this.cache.set(key, entry);
    this.cacheBytes += entry.bytes;
    for (const [oldest, value] of this.cache) {
      if (this.cacheBytes <= CACHE_BYTES || oldest === key) break;
      this.cache.delete(oldest);
      this.cacheBytes -= value.bytes;
    }
  }
}
