import type { PushDeliveryLogEntry } from '../../contract/push.ts';
import type { DeliveryLogStore, DeliveryRecord } from '../store/delivery-log.ts';
import type { CloudLogger } from '../cloud-logger.ts';

/**
 * The push delivery log, written in batches: a busy cloud makes a thousand deliveries a second,
 * and one transaction per delivery would cost more than the delivery. The oldest entries beyond
 * `kept` per channel are trimmed.
 */
export class DeliveryLog {
  private readonly store: DeliveryLogStore;
  private readonly kept: number;
  private readonly logger: CloudLogger;
  private pending: DeliveryRecord[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(store: DeliveryLogStore, kept: number, logger: CloudLogger) {
    this.store = store;
    this.kept = kept;
    this.logger = logger;
  }

  /** Queues an entry; `flush` writes the queue. */
  add(record: DeliveryRecord): void {
    this.pending.push(record);
  }

  /** Writes what is queued; resolves once it and every earlier write are done (never rejects). */
  flush(): Promise<void> {
    if (this.pending.length > 0) {
      const records = this.pending;
      this.pending = [];
      this.writing = this.writing.then(() =>
        this.store.append(records, this.kept).catch((error: unknown) => {
          this.logger.warn(
            { err: error, entries: records.length },
            'push: delivery log not written',
          );
        }),
      );
    }
    return this.writing;
  }

  /** Newest first, including what is still queued. */
  async list(channelId: number, count: number): Promise<PushDeliveryLogEntry[]> {
    await this.flush();
    return this.store.latest(channelId, count);
  }
}
