import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { loadPieces, type PieceLoader } from '../../lib/history/load-pieces.ts';
import { splitRange, type TimeSpan } from '../../lib/history/split-range.ts';

export type RangeStatus = 'loading' | 'done' | 'cancelled' | 'failed';

export interface RangeHistory {
  pieces: readonly TimeSpan[];
  /** Items of each piece once loaded, newest piece first, each newest item first. */
  loaded: readonly (readonly Timeslice[] | undefined)[];
  /** Every loaded item, newest first. */
  items: readonly Timeslice[];
  status: RangeStatus;
  error: unknown;
  done: number;
  cancel: () => void;
  /** Loads what is still missing after a failure or a cancel, keeping what has arrived. */
  resume: () => void;
}

/** Requests in flight at once: enough to overlap latency, few enough to stay kind to the cloud. */
const HISTORY_CONCURRENCY = 3;

interface LoadState {
  key: string;
  loaded: (readonly Timeslice[] | undefined)[];
  status: RangeStatus;
  error: unknown;
}

const fresh = (key: string): LoadState => ({
  key,
  loaded: [],
  status: 'loading',
  error: undefined,
});
/** State of another channel or range never leaks into this one. */
const forKey = (state: LoadState, key: string) => (state.key === key ? state : fresh(key));

/**
 * Loads a range of any length as one-day pieces with bounded concurrency, showing each piece as it
 * arrives. Cancelling keeps what arrived; resuming asks only for the missing pieces (and the cache
 * behind `loadPiece` answers the pages it already has). `key` names the channel and range.
 */
export function useRangeHistory(
  key: string,
  range: TimeSpan,
  loadPiece: PieceLoader,
  onCancel?: () => void,
): RangeHistory {
  const pieces = useMemo(() => splitRange(range), [range]);
  const [stored, setState] = useState<LoadState>(() => fresh(key));
  const controller = useRef<AbortController | undefined>(undefined);

  const run = useCallback(
    (skip: ReadonlySet<number>) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      loadPieces(pieces, loadPiece, {
        concurrency: HISTORY_CONCURRENCY,
        signal: current.signal,
        skip,
        onPiece: (index, items) =>
          setState((s) => {
            const state = forKey(s, key);
            const loaded = [...state.loaded];
            loaded[index] = items;
            return { ...state, loaded };
          }),
      }).then(
        () => setState((s) => ({ ...forKey(s, key), status: 'done' })),
        (error: unknown) => {
          if (!current.signal.aborted)
            setState((s) => ({ ...forKey(s, key), status: 'failed', error }));
        },
      );
    },
    [key, pieces, loadPiece],
  );

  useEffect(() => {
    run(new Set());
    return () => controller.current?.abort();
  }, [run]);

  const state = forKey(stored, key);
  const loaded = state.loaded;

  const cancel = useCallback(() => {
    controller.current?.abort();
    onCancel?.();
    setState((s) => {
      const current = forKey(s, key);
      return current.status === 'loading' ? { ...current, status: 'cancelled' } : current;
    });
  }, [key, onCancel]);

  const resume = useCallback(() => {
    const have = new Set<number>();
    loaded.forEach((items, index) => items && have.add(index));
    setState((s) => ({ ...forKey(s, key), status: 'loading', error: undefined }));
    run(have);
  }, [key, loaded, run]);

  const items = useMemo(() => loaded.flatMap((piece) => piece ?? []), [loaded]);
  return {
    pieces,
    loaded,
    items,
    status: state.status,
    error: state.error,
    done: loaded.filter(Boolean).length,
    cancel,
    resume,
  };
}
