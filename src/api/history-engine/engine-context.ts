import { createContext, useContext } from 'react';
import { workerEngine, type EngineClient } from './engine-client.ts';

/** Tests provide an engine in their own thread; the console uses one worker per tab. */
export const HistoryEngineContext = createContext<EngineClient | null>(null);

let shared: EngineClient | undefined;

/** The tab's history engine. */
export function useHistoryEngine(): EngineClient {
  return useContext(HistoryEngineContext) ?? (shared ??= workerEngine());
}
