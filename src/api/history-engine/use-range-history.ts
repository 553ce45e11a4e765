import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { AnswerOf, Progress, Query } from '../../lib/history-store/protocol.ts';
import { splitRange, type TimeSpan } from '../../lib/history/split-range.ts';
import { pageError, type EngineClient } from './engine-client.ts';
import { useHistoryEngine } from './engine-context.ts';

type RangeStatus = Progress['status'];

/** How far a range's load got: changes with every day that arrives. */
export interface RangeProgress {
  /** Which pieces (newest first) have arrived. */
  loaded: readonly boolean[];
  status: RangeStatus;
  error: unknown;
  done: number;
  messages: number;
  /** Changes whenever the data does: views ask the engine again. */
  version: number;
}

/**
 * A range in the history engine. The object stays the same while days arrive: what changes is
 * read through `useRangeProgress`, so a day arriving renders only what shows how far the load
 * got, not the whole page with its charts, map and tables (about thirty renders of the page for a
 * month of a group, issue 20).
 */
export interface RangeHistory {
  /** Names the channel and range in the engine. */
  key: string;
  engine: EngineClient;
  pieces: readonly TimeSpan[];
  /** The progress now: the same object until it changes. */
  progress: () => RangeProgress;
  /** Calls back after every change of the progress; answers how to stop. */
  subscribe: (onChange: () => void) => () => void;
  cancel: () => void;
  /** Loads what is still missing after a failure or a cancel, keeping what has arrived. */
  resume: () => void;
}

/** The progress of a range before the engine's first word: every piece still to come. */
function progressStore(pieces: readonly TimeSpan[]) {
  let current: RangeProgress = {
    loaded: pieces.map(() => false),
    status: 'loading',
    error: undefined,
    done: 0,
    messages: 0,
    version: 0,
  };
  const listeners = new Set<() => void>();
  return {
    progress: () => current,
    subscribe(onChange: () => void) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    set(progress: Progress) {
      current = {
        loaded: progress.loaded,
        status: progress.status,
        error: progress.error ? pageError(progress.error) : undefined,
        done: progress.loaded.filter(Boolean).length,
        messages: progress.messages,
        version: progress.version,
      };
      for (const listener of listeners) listener();
    },
  };
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
  const { history, set } = useMemo(() => {
    const pieces = splitRange({ from, to });
    const store = progressStore(pieces);
    const made: RangeHistory = {
      key,
      engine,
      pieces,
      progress: store.progress,
      subscribe: store.subscribe,
      cancel: () => engine.cancel(key),
      resume: () => engine.resume(key),
    };
    return { history: made, set: store.set };
  }, [engine, key, from, to]);
  useEffect(
    () => engine.open(key, channelUuid, { from, to }, set),
    [engine, key, channelUuid, from, to, set],
  );
  return history;
}

/**
 * Part of a range's progress, and a render of the component whenever that part changes (only
 * then). `select` answers a value compared by identity: a number, a string, a boolean, or the
 * progress itself.
 */
export function useRangeProgress<T>(history: RangeHistory, select: (p: RangeProgress) => T): T {
  return useSyncExternalStore(history.subscribe, () => select(history.progress()));
}

/**
 * While days keep arriving, a view shows the first day that arrives (the newest) at once, then
 * follows the data again only after PACE.ms and once the range holds `growth` times the messages
 * of its last answer. Each answer costs the engine a pass over everything loaded so far and the
 * page a render of what it draws: on a month of a group (issue 20) the nine answers that views
 * asked while the days arrived, following every 1.5×, cost a quarter of the renderer's CPU
 * (docs/decisions/0157-views-catch-up-seldom.md). A load that ends within PACE.ms shows the first
 * day, the days' progress, then the whole range; a longer one (a slow link, a busy cloud) catches
 * up every PACE.ms, bounded by the growth however long it takes.
 */
export const PACE = { ms: 8000, growth: 2 } as const;
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
 * stopped, the view has no data yet, or enough time and data), a number of milliseconds, or
 * undefined to wait for more messages (the next progress asks again). Days that arrive empty
 * before any data are followed at once too: their answers are empty and cheap.
 */
export function paceWait(state: PaceState): number | undefined {
  if (!state.loading || state.lastMessages === 0) return 0;
  if (state.messages < state.lastMessages * PACE.growth) return undefined;
  return Math.max(0, state.lastAt + PACE.ms - state.now);
}

/**
 * The data version a view follows: every change once loading has stopped; while it goes on, the
 * first data at once, then one every PACE.ms at most and only when the messages grew by its
 * factor, so thirty arriving days cost one or two answers, not thirty, nor one a second however
 * long they take. It listens to the progress itself and renders its component only when the
 * version it follows moves.
 */
function usePacedVersion(history: RangeHistory): number {
  const [paced, setPaced] = useState(() => ({ history, version: history.progress().version }));
  const version = paced.history === history ? paced.version : history.progress().version;
  // The version rendered, for the listener below, which lives as long as the range.
  const shown = useRef(version);
  useEffect(() => {
    shown.current = version;
  }, [version]);
  useEffect(() => {
    let last = { at: 0, messages: 0 };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      const now = history.progress();
      if (now.version === shown.current) return;
      const wait = paceWait({
        loading: now.status === 'loading',
        messages: now.messages,
        lastMessages: last.messages,
        now: performance.now(),
        lastAt: last.at,
      });
      if (wait === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const then = history.progress();
        last = { at: performance.now(), messages: then.messages };
        shown.current = then.version;
        setPaced({ history, version: then.version });
      }, wait);
    };
    const stop = history.subscribe(follow);
    // What changed between the render and now (a range the engine already holds reports its
    // whole progress as it is opened).
    follow();
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [history]);
  return version;
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
  const status = useRangeProgress(history, (p) => p.status);
  // While days arrive no answer is final: the newest version is compared only once they stopped.
  const latest = useRangeProgress(history, (p) => (p.status === 'loading' ? undefined : p.version));
  const waits = query !== undefined && reportKinds.has(query.kind) && status === 'loading';
  const version = usePacedVersion(history);
  const { engine, key } = history;
  const result = useQuery({
    queryKey: engineKeys.answer(key, version, query),
    queryFn: () => engine.query(key, query as Q) as Promise<AnswerOf<Q>>,
    enabled: query !== undefined && !waits && (version > 0 || status !== 'loading'),
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
    (!waits && version === latest && !result.isFetching && !result.isPlaceholderData);
  return { data, settled, error: result.error };
}
