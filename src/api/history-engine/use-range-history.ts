import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnswerOf, Progress, Query } from '../../lib/history-store/protocol.ts';
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

/**
 * While days keep arriving, views ask again at most this often, and only once the range holds
 * `growth` times the messages of their last answer: quick answers (a chart's lines, counts, table
 * rows) often, every position of every node seldom, so the engine spends its time loading rather
 * than answering. Each answer costs a pass over everything loaded so far; by time alone, a load
 * that a busy machine stretched from 6 s to 3 minutes cost thirty times the answers (issue 20),
 * growth bounds them to about a dozen however long the load takes.
 */
const PACE = {
  quick: { ms: 1000, growth: 1.5 },
  slow: { ms: 4000, growth: 2 },
} as const;
const slowKinds: ReadonlySet<Query['kind']> = new Set(['tracks']);
/**
 * Reports are asked once every day has arrived (or loading stopped): trips, excursions and daily
 * figures over part of a range would be wrong at its gaps, and each costs the engine a pass over
 * every node.
 */
const reportKinds: ReadonlySet<Query['kind']> = new Set(['motion', 'coldChain', 'daily']);

export interface PaceState {
  loading: boolean;
  /** Messages in the range now, and when the view last followed the data. */
  messages: number;
  lastMessages: number;
  now: number;
  lastAt: number;
}

/**
 * How long a view waits before following the data to its newest version: 0 at once (loading
 * stopped, or enough time and data), a number of milliseconds, or undefined to wait for more
 * messages (the next progress asks again).
 */
export function paceWait(
  state: PaceState,
  pace: { ms: number; growth: number },
): number | undefined {
  if (!state.loading) return 0;
  if (state.lastMessages > 0 && state.messages < state.lastMessages * pace.growth) return undefined;
  return Math.max(0, state.lastAt + pace.ms - state.now);
}

/**
 * The data version a view follows: every change once loading has stopped; while it goes on, one
 * every PACE ms at most and only when the messages grew by its factor, so thirty arriving days
 * cost a handful of answers, not thirty, nor one a second however long they take.
 */
function usePacedVersion(history: RangeHistory, pace: { ms: number; growth: number }): number {
  const { version, status, messages } = history;
  const [paced, setPaced] = useState(version);
  const last = useRef({ at: 0, messages: 0 });
  useEffect(() => {
    if (version === paced) return;
    const wait = paceWait(
      {
        loading: status === 'loading',
        messages,
        lastMessages: last.current.messages,
        now: performance.now(),
        lastAt: last.current.at,
      },
      pace,
    );
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      last.current = { at: performance.now(), messages };
      setPaced(version);
    }, wait);
    return () => clearTimeout(timer);
  }, [version, status, messages, paced, pace]);
  return paced;
}

const engineKeys = {
  all: ['history-engine'] as const,
  answer: (key: string, version: number, query: Query | undefined) =>
    [...engineKeys.all, key, version, query ?? 'nothing'] as const,
};

/**
 * What a view draws, asked of the history engine for the range's data as it stands. The previous
 * answer stays on screen until the next arrives; answers of older data are dropped at once.
 * `undefined` asks nothing (a view that does not know its width yet).
 */
export function useEngineAnswer<Q extends Query>(history: RangeHistory, query: Q | undefined) {
  const pace = query && slowKinds.has(query.kind) ? PACE.slow : PACE.quick;
  const waits = query !== undefined && reportKinds.has(query.kind) && history.status === 'loading';
  const version = usePacedVersion(history, pace);
  const { engine, key } = history;
  const result = useQuery({
    queryKey: engineKeys.answer(key, version, query),
    queryFn: () => engine.query(key, query as Q) as Promise<AnswerOf<Q>>,
    enabled: query !== undefined && !waits && (version > 0 || history.status !== 'loading'),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // Typed arrays are not plain data: comparing them deeply would cost what we saved.
    structuralSharing: false,
  });
  // A view that stopped asking (it changed what it draws) must not keep showing the last answer.
  const data = query === undefined ? undefined : result.data;
  /** The answer is for the data as it now stands: a view shows aria-busy until it is. */
  const settled =
    query === undefined ||
    (!waits && version === history.version && !result.isFetching && !result.isPlaceholderData);
  return { data, settled, error: result.error };
}
