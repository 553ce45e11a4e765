import type { Timeslice } from '../../../contract/timeslice.ts';
import { forEachBounded } from '../bounded.ts';
import type { TimeSpan } from './split-range.ts';

export type PieceLoader<T = Timeslice[]> = (span: TimeSpan, signal: AbortSignal) => Promise<T>;

export interface LoadPiecesOptions<T> {
  /** At most this many pieces in flight at once. */
  concurrency: number;
  signal: AbortSignal;
  /** Indexes already loaded (a resumed load skips them). */
  skip?: ReadonlySet<number>;
  onPiece: (index: number, piece: T) => void;
}

/**
 * Loads pieces in the order given (newest first, so recent data shows first) with bounded
 * concurrency. After the first failure no new piece starts; the pieces in flight finish and are
 * reported, so a resumed load only asks for what is still missing. Rejects with the first error.
 */
export async function loadPieces<T>(
  pieces: readonly TimeSpan[],
  load: PieceLoader<T>,
  { concurrency, signal, skip, onPiece }: LoadPiecesOptions<T>,
): Promise<void> {
  const wanted = pieces.flatMap((span, index) => (skip?.has(index) ? [] : [{ span, index }]));
  await forEachBounded(
    wanted,
    async ({ span, index }) => {
      const items = await load(span, signal);
      if (!signal.aborted) onPiece(index, items);
    },
    { concurrency, signal, stopOnError: true },
  );
}
