import type { NewReading } from './store/readings.ts';

/** A reading that has just been stored and published to its channels (after its transaction). */
export interface PublishedReading extends NewReading {
  readingId: number;
}

/** `seq`: the event log's number of the event that brought them (reading i is at (seq, i)). */
type Listener = (readings: readonly PublishedReading[], seq?: number) => void;

/**
 * Hands what the event log brings (events/follower.ts) to the parts of this instance that take
 * it: the push dispatcher, while this instance holds push delivery's lease.
 */
export class EventHub {
  private readonly listeners = new Set<Listener>();

  onPublished(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  published(readings: readonly PublishedReading[], seq?: number): void {
    if (readings.length === 0) return;
    for (const listener of this.listeners) listener(readings, seq);
  }
}
