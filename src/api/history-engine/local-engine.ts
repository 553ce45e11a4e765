import { HistoryEngine } from '../../lib/history-store/engine.ts';
import type { Progress } from '../../lib/history-store/protocol.ts';
import { sessionConnection } from '../client.ts';
import { Listeners, type EngineClient, type ProgressListener } from './engine-client.ts';
import { historySource } from './history-source.ts';

/**
 * The engine in the page's own thread, with the session's connection: for component tests (jsdom
 * has no workers). The console itself runs it in a worker (engine-client.ts).
 */
export function localEngine(): EngineClient {
  const engine = new HistoryEngine(historySource(sessionConnection));
  const listeners = new Listeners();
  const forward = new Map<string, ProgressListener>();
  return {
    open(key, channelUuid, range, listener) {
      if (listeners.add(key, listener)) {
        const relay = (progress: Progress) => listeners.emit(key, progress);
        forward.set(key, relay);
        engine.open(key, channelUuid, range, relay);
      }
      return () => {
        if (!listeners.remove(key, listener)) return;
        const relay = forward.get(key);
        if (relay) engine.close(key, relay);
        forward.delete(key);
      };
    },
    cancel: (key) => engine.cancel(key),
    resume: (key) => engine.resume(key),
    append: (key, items) => void engine.append(key, items),
    query: (key, query, onExport, signal) => engine.query(key, query, onExport, signal),
    reset() {
      engine.reset();
      listeners.clear();
      forward.clear();
    },
  };
}
