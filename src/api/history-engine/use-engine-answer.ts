import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AnswerOf, Query } from '../../lib/history-store/protocol.ts';
import type { RangeHistory } from './use-range-history.ts';

/**
 * While days keep arriving, views ask again at most this often: quick answers (a chart's lines,
 * counts, table rows) often, every position of every node seldom, so the engine spends its time
 * loading rather than answering.
 */
const PACE_MS = { quick: 1000, slow: 4000 } as const;
const slowKinds: ReadonlySet<Query['kind']> = new Set(['tracks']);
/**
 * Reports are asked once every day has arrived (or loading stopped): trips, excursions and daily
 * figures over part of a range would be wrong at its gaps, and each costs the engine a pass over
 * every node.
 */
const reportKinds: ReadonlySet<Query['kind']> = new Set(['motion', 'coldChain', 'daily']);

/**
 * The data version a view follows: every change once loading has stopped, at most one every
 * PACE_MS while it goes on, so thirty arriving days cost a handful of answers, not thirty.
 */
function usePacedVersion(history: RangeHistory, pace: number): number {
  const { version, status } = history;
  const [paced, setPaced] = useState(version);
  const last = useRef(0);
  useEffect(() => {
    if (version === paced) return;
    const wait = status === 'loading' ? last.current + pace - performance.now() : 0;
    const timer = setTimeout(
      () => {
        last.current = performance.now();
        setPaced(version);
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [version, status, paced, pace]);
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
  const pace = query && slowKinds.has(query.kind) ? PACE_MS.slow : PACE_MS.quick;
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
