import type { NewReading } from './store/readings.ts';

/** A reading that has just been stored and published to its channels (after its transaction). */
export interface PublishedReading extends NewReading {
  readingId: number;
}

type Listener = (readings: readonly PublishedReading[]) => void;

/** Lets other parts of the cloud (push delivery) follow what ingestion stores, without slowing it. */
export class EventHub {
  private readonly listeners = new Set<Listener>();

  onPublished(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  published(readings: readonly PublishedReading[]): void {
    if (readings.length === 0) return;
    for (const listener of this.listeners) listener(readings);
  }
}
