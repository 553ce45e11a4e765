/// <reference lib="webworker" />
import { z } from 'zod';
import { HistoryEngine, engineError } from '../../lib/history-store/engine.ts';
import type { Progress } from '../../lib/history-store/protocol.ts';
import type { ExportProgress } from '../../lib/history-store/queries.ts';
import type { ApiClientOptions } from '../client.ts';
import { historySource } from './history-source.ts';
import { transferables, type FromWorker, type ToWorker } from './messages.ts';

// The console's CSP applies here too: no compiled validators (src/config/config-schema.ts).
z.config({ jitless: true });

declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromWorker, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

/** Credentials stay with the page's session; each request asks for the current ones. */
let nextAsk = 0;
const asks = new Map<number, (value: string | null) => void>();
let connection: ApiClientOptions | null = null;

function connect(baseUrl: string): ApiClientOptions {
  return {
    baseUrl,
    authorization: () =>
      new Promise((resolve) => {
        const id = nextAsk++;
        asks.set(id, resolve);
        post({ type: 'credentials', id });
      }),
    onUnauthorized: (error, sent) =>
      post({ type: 'unauthorized', sent, error: engineError(error) }),
  };
}

const engine = new HistoryEngine(historySource(() => connection));
const listeners = new Map<string, (progress: Progress) => void>();
const running = new Map<number, AbortController>();

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'connect':
      connection = connect(message.baseUrl);
      return;
    case 'credentials':
      asks.get(message.id)?.(message.value);
      asks.delete(message.id);
      return;
    case 'open': {
      if (listeners.has(message.key)) return;
      const listener = (progress: Progress) =>
        post({ type: 'progress', key: message.key, progress });
      listeners.set(message.key, listener);
      engine.open(message.key, message.channelUuid, message.range, listener);
      return;
    }
    case 'close': {
      const listener = listeners.get(message.key);
      if (listener) engine.close(message.key, listener);
      listeners.delete(message.key);
      return;
    }
    case 'cancel':
      engine.cancel(message.key);
      return;
    case 'resume':
      engine.resume(message.key);
      return;
    case 'append':
      engine.append(message.key, message.items);
      return;
    case 'reset':
      engine.reset();
      listeners.clear();
      return;
    case 'abort':
      running.get(message.id)?.abort();
      return;
    case 'query': {
      const { id } = message;
      const controller = new AbortController();
      running.set(id, controller);
      const onExport = (progress: ExportProgress) => post({ type: 'export', id, progress });
      engine
        .query(message.key, message.query, onExport, controller.signal)
        .then(
          (answer) => post({ type: 'answer', id, answer }, transferables(answer)),
          (error: unknown) => post({ type: 'failed', id, error: engineError(error) }),
        )
        .finally(() => running.delete(id));
      return;
    }
  }
};
