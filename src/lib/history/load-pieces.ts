import type { Timeslice } from '../../../contract/timeslice.ts';
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
  const queue = pieces.map((_, index) => index).filter((index) => !skip?.has(index));
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (failure || signal.aborted) return;
      const index = queue.shift();
      if (index === undefined) return;
      const span = pieces[index];
      if (!span) return;
      try {
        const items = await load(span, signal);
        if (!signal.aborted) onPiece(index, items);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(concurrency, queue.length));
  await Promise.all(Array.from({ length: workers }, worker));
  signal.throwIfAborted();
  if (failure) throw failure.error;
}
