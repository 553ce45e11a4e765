import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Progress } from '../../lib/history-store/protocol.ts';
import { splitRange, type TimeSpan } from '../../lib/history/split-range.ts';
import { pageError, type EngineClient } from './engine-client.ts';
import { useHistoryEngine } from './engine-context.ts';

type RangeStatus = Progress['status'];

export interface RangeHistory {
  /** Names the channel and range in the engine. */
  key: string;
  engine: EngineClient;
  pieces: readonly TimeSpan[];
  /** Which pieces (newest first) have arrived. */
  loaded: readonly boolean[];
  status: RangeStatus;
  error: unknown;
  done: number;
  messages: number;
  /** Changes whenever the data does: views ask the engine again. */
  version: number;
  cancel: () => void;
  /** Loads what is still missing after a failure or a cancel, keeping what has arrived. */
  resume: () => void;
}

/**
 * A channel's history over a range, loaded by the history engine (a Web Worker) as one-day
 * pieces: the page holds only how far it got. Views ask the engine for what they draw
 * (`useEngineAnswer`). Cancelling keeps what arrived; resuming asks only for what is missing;
 * a range opened again is served from the days the engine keeps for the session.
 */
export function useRangeHistory(channelUuid: string, range: TimeSpan): RangeHistory {
  const engine = useHistoryEngine();
  const { from, to } = range;
  const key = `${channelUuid}|${from}|${to}`;
  const pieces = useMemo(() => splitRange({ from, to }), [from, to]);
  const [state, setState] = useState<{ key: string; progress: Progress } | undefined>();

  useEffect(
    () => engine.open(key, channelUuid, { from, to }, (progress) => setState({ key, progress })),
    [engine, key, channelUuid, from, to],
  );

  const progress = state?.key === key ? state.progress : undefined;
  const sent = progress?.error;
  const error = useMemo(() => (sent ? pageError(sent) : undefined), [sent]);
  const cancel = useCallback(() => engine.cancel(key), [engine, key]);
  const resume = useCallback(() => engine.resume(key), [engine, key]);
  const loaded = progress?.loaded ?? pieces.map(() => false);
  return {
    key,
    engine,
    pieces,
    loaded,
    status: progress?.status ?? 'loading',
    error,
    done: loaded.filter(Boolean).length,
    messages: progress?.messages ?? 0,
    version: progress?.version ?? 0,
    cancel,
    resume,
  };
}
