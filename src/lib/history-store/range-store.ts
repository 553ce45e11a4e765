import type { Timeslice } from '../../../contract/timeslice.ts';
import type { TimeSpan } from '../history/split-range.ts';
import { ChunkBuilder, type Chunk } from './chunk.ts';
import type { Dictionary } from './dictionary.ts';
import { timesliceAt } from './row.ts';
import { InvalidTimeslice } from './timeslice-check.ts';

/**
 * The messages of one channel over one range, as columns: a chunk per piece of the range (one
 * history request's span, newest piece first, as `splitRange` cuts it) and, for readings that
 * arrive after the range was loaded, a live tail that grows. Pieces never overlap, so the chunks
 * oldest first are the whole range in time order without sorting.
 *
 * `version` changes with every change, so whoever derives something from the store (a line, a
 * report) knows when to derive it again.
 */
export class RangeStore {
  readonly pieces: readonly TimeSpan[];
  readonly dictionary: Dictionary;
  private readonly chunks: (Chunk | undefined)[];
  private tail: ChunkBuilder | undefined;
  private tailChunk: Chunk | undefined;
  /** Newest reading of the tail per sensor: live delivery may repeat what was already stored. */
  private readonly tailNewest = new Map<string, number>();
  version = 0;

  constructor(dictionary: Dictionary, pieces: readonly TimeSpan[]) {
    this.dictionary = dictionary;
    this.pieces = pieces;
    this.chunks = pieces.map(() => undefined);
  }

  setPiece(index: number, chunk: Chunk): void {
    this.chunks[index] = chunk;
    this.version++;
  }

  hasPiece(index: number): boolean {
    return this.chunks[index] !== undefined;
  }

  pieceChunk(index: number): Chunk | undefined {
    return this.chunks[index];
  }

  get loadedPieces(): number {
    return this.chunks.reduce((n, chunk) => n + (chunk ? 1 : 0), 0);
  }

  /** Every chunk with data, oldest first, the live tail last. */
  chunksOldestFirst(): Chunk[] {
    const out: Chunk[] = [];
    for (let i = this.chunks.length - 1; i >= 0; i--) {
      const chunk = this.chunks[i];
      if (chunk && chunk.length > 0) out.push(chunk);
    }
    if (this.tailChunk && this.tailChunk.length > 0) out.push(this.tailChunk);
    return out;
  }

  /** Whether a chunk is final: a loaded piece is; the live tail grows. */
  settled = (chunk: Chunk): boolean => chunk !== this.tailChunk;

  get messageCount(): number {
    return this.chunksOldestFirst().reduce((n, chunk) => n + chunk.length, 0);
  }

  /**
   * Appends readings that arrived after the range (oldest first, as a live stream delivers them).
   * A reading the store already holds (same sensor, same or older instant) is skipped, so a
   * stream that replays from a little before the range's end adds nothing twice. The readings are
   * checked like any history answer; a bad one refuses the whole batch before anything is added.
   */
  append(items: readonly { ts: number; sensorUuid: string }[]): number {
    // Checked whole first: a refused batch adds nothing.
    const check = new ChunkBuilder(this.dictionary, items.length);
    items.forEach((item, index) => {
      try {
        check.push(item);
      } catch (error) {
        throw error instanceof InvalidTimeslice ? error.atItem(index) : error;
      }
    });
    const last = this.pieces[0]?.to ?? -Infinity;
    const fresh = items.filter((item) => {
      const newest = this.tailNewest.get(item.sensorUuid) ?? last;
      if (item.ts <= newest) return false;
      this.tailNewest.set(item.sensorUuid, item.ts);
      return true;
    });
    if (fresh.length === 0) return 0;
    this.tail ??= new ChunkBuilder(this.dictionary, fresh.length);
    for (const item of fresh) this.tail.push(item);
    this.tailChunk = this.tail.build();
    this.version++;
    return fresh.length;
  }

  /** `count` messages from the `start`th newest on, as timeslices (for a table's visible rows). */
  rowsNewestFirst(start: number, count: number): Timeslice[] {
    const out: Timeslice[] = [];
    let skip = start;
    const newestFirst = this.chunksOldestFirst().reverse();
    for (const chunk of newestFirst) {
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      for (let row = chunk.length - 1 - skip; row >= 0 && out.length < count; row--) {
        out.push(timesliceAt(chunk, row, this.dictionary));
      }
      skip = 0;
      if (out.length >= count) break;
    }
    return out;
  }
}
