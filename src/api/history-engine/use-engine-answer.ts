import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AnswerOf, Query } from '../../lib/history-store/protocol.ts';
import type { RangeHistory } from './use-range-history.ts';

/** While days keep arriving, views ask again at most this often. */
const PACE_MS = 600;

/**
 * The data version a view follows: every change once loading has stopped, at most one every
 * PACE_MS while it goes on, so thirty arriving days cost a handful of answers, not thirty.
 */
function usePacedVersion(history: RangeHistory): number {
  const { version, status } = history;
  const [paced, setPaced] = useState(version);
  const last = useRef(0);
  useEffect(() => {
    if (version === paced) return;
    const wait = status === 'loading' ? last.current + PACE_MS - performance.now() : 0;
    const timer = setTimeout(
      () => {
        last.current = performance.now();
        setPaced(version);
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [version, status, paced]);
  return paced;
}

export const engineKeys = {
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
  const version = usePacedVersion(history);
  const { engine, key } = history;
  return useQuery({
    queryKey: engineKeys.answer(key, version, query),
    queryFn: () => engine.query(key, query as Q) as Promise<AnswerOf<Q>>,
    enabled: query !== undefined && (version > 0 || history.status !== 'loading'),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // Typed arrays are not plain data: comparing them deeply would cost what we saved.
    structuralSharing: false,
  });
}
