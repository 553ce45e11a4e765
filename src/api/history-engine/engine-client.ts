import type { AnswerOf, EngineError, Progress, Query } from '../../lib/history-store/protocol.ts';
import type { ExportProgress } from '../../lib/history-store/queries.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { sessionConnection } from '../client.ts';
import { ApiError, type ApiErrorCode } from '../errors.ts';
import type { FromWorker, ToWorker } from './messages.ts';

export type ProgressListener = (progress: Progress) => void;

/**
 * The page's handle on the history engine (docs/architecture.md, "The history engine"): open a
 * range by key, follow its progress, ask it questions. The same interface over a Web Worker (the
 * console) and over an engine in the page's own thread (component tests).
 */
export interface EngineClient {
  /** Opens (or joins) a range; the returned function leaves it. */
  open(key: string, channelUuid: string, range: TimeSpan, listener: ProgressListener): () => void;
  cancel(key: string): void;
  resume(key: string): void;
  query<Q extends Query>(
    key: string,
    query: Q,
    onExport?: (progress: ExportProgress) => void,
    signal?: AbortSignal,
  ): Promise<AnswerOf<Q>>;
  /** Appends readings that arrived live to an open range (a live stream's). */
  append(key: string, items: unknown[]): void;
  /** Forgets every range and cached day: on sign-out. */
  reset(): void;
}

/** An error from the engine as the page's own: the cloud's refusals stay ApiErrors. */
export function pageError(error: EngineError): Error {
  if (error.status !== undefined) {
    const code = (error.code ?? 'UNKNOWN') as ApiErrorCode;
    return new ApiError(error.status, code, error.message, undefined, error.words);
  }
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/** Several views of one range share the engine's dataset; the last to leave closes it. */
export class Listeners {
  private readonly byKey = new Map<string, Set<ProgressListener>>();
  private readonly last = new Map<string, Progress>();

  add(key: string, listener: ProgressListener): boolean {
    const set = this.byKey.get(key);
    if (set) {
      set.add(listener);
      const known = this.last.get(key);
      if (known) listener(known);
      return false;
    }
    this.byKey.set(key, new Set([listener]));
    return true;
  }

  remove(key: string, listener: ProgressListener): boolean {
    const set = this.byKey.get(key);
    set?.delete(listener);
    if (!set || set.size > 0) return false;
    this.byKey.delete(key);
    this.last.delete(key);
    return true;
  }

  emit(key: string, progress: Progress): void {
    this.last.set(key, progress);
    for (const listener of this.byKey.get(key) ?? []) listener(progress);
  }

  clear(): void {
    this.byKey.clear();
    this.last.clear();
  }
}

interface Pending {
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
  onExport?: ((progress: ExportProgress) => void) | undefined;
}

/**
 * The engine in a Web Worker, started on first use. The worker loads from the console's own
 * origin (Vite emits it as a file of its own), as the console's CSP requires. Credentials never
 * live in the worker: it asks the page for the session's current ones before each request, and
 * reports a refused session back, so sign-in and token refresh stay where they are.
 */
export function workerEngine(): EngineClient {
  let worker: Worker | undefined;
  const listeners = new Listeners();
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const send = (message: ToWorker) => started().postMessage(message);
  const onMessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'progress':
        listeners.emit(message.key, message.progress);
        return;
      case 'answer':
        pending.get(message.id)?.resolve(message.answer);
        pending.delete(message.id);
        return;
      case 'failed':
        pending.get(message.id)?.reject(pageError(message.error));
        pending.delete(message.id);
        return;
      case 'export':
        pending.get(message.id)?.onExport?.(message.progress);
        return;
      case 'credentials': {
        const connection = sessionConnection();
        const id = message.id;
        void (connection ? connection.authorization() : Promise.resolve(null)).then(
          (value) => send({ type: 'credentials', id, value }),
          () => send({ type: 'credentials', id, value: null }),
        );
        return;
      }
      case 'unauthorized': {
        const error = pageError(message.error);
        if (error instanceof ApiError) sessionConnection()?.onUnauthorized(error, message.sent);
        return;
      }
    }
  };
  function started(): Worker {
    if (worker) return worker;
    worker = new Worker(new URL('./history.worker.ts', import.meta.url), {
      type: 'module',
      name: 'history',
    });
    worker.onmessage = onMessage;
    worker.postMessage({
      type: 'connect',
      baseUrl: sessionConnection()?.baseUrl ?? '',
    } satisfies ToWorker);
    return worker;
  }

  return {
    open(key, channelUuid, range, listener) {
      if (listeners.add(key, listener)) send({ type: 'open', key, channelUuid, range });
      return () => {
        if (listeners.remove(key, listener)) send({ type: 'close', key });
      };
    },
    cancel: (key) => send({ type: 'cancel', key }),
    resume: (key) => send({ type: 'resume', key }),
    append: (key, items) => send({ type: 'append', key, items }),
    query<Q extends Query>(
      key: string,
      query: Q,
      onExport?: (progress: ExportProgress) => void,
      signal?: AbortSignal,
    ) {
      const id = nextId++;
      return new Promise<AnswerOf<Q>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (answer: unknown) => void, reject, onExport });
        send({ type: 'query', id, key, query });
        signal?.addEventListener('abort', () => send({ type: 'abort', id }), { once: true });
      });
    },
    reset() {
      listeners.clear();
      if (worker) send({ type: 'reset' });
    },
  };
}
