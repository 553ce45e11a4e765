import type { Db } from './db.ts';
import { transaction } from './db.ts';
import { prepareKeepNewest } from './keep-newest.ts';
import type { PushDeliveryLogEntry } from '../../contract/push.ts';

export interface DeliveryRecord extends PushDeliveryLogEntry {
  channelId: number;
}

interface Row {
  webhook_id: string;
  at: number;
  url: string;
  events: number;
  dropped: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * The last deliveries of each channel. Entries are written in batches (a busy cloud makes a
 * thousand deliveries a second) and the oldest beyond `kept` per channel are trimmed.
 */
export class DeliveryLogStore {
  private readonly db: Db;
  private readonly kept: number;
  private readonly insert;
  private readonly trim;
  private readonly latest;
  private pending: DeliveryRecord[] = [];

  constructor(db: Db, kept: number) {
    this.db = db;
    this.kept = kept;
    this.insert = db.prepare(`
      INSERT INTO push_deliveries
        (channel_id, webhook_id, at, url, events, dropped, status, error, duration_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.trim = prepareKeepNewest(db, 'push_deliveries', 'channel_id');
    this.latest = db.prepare(`
      SELECT webhook_id, at, url, events, dropped, status, error, duration_ms
      FROM push_deliveries WHERE channel_id = ? ORDER BY id DESC LIMIT ?`);
  }

  /** Queues an entry; `flush` writes the queue. */
  add(record: DeliveryRecord): void {
    this.pending.push(record);
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const records = this.pending;
    this.pending = [];
    const channels = new Set<number>();
    transaction(this.db, () => {
      for (const r of records) {
        this.insert.run(
          r.channelId,
          r.id,
          r.at,
          r.to,
          r.events,
          r.dropped,
          r.status ?? null,
          r.error ?? null,
          r.durationMs,
        );
        channels.add(r.channelId);
      }
      for (const channel of channels) this.trim.run({ $owner: channel, $kept: this.kept });
    });
  }

  /** Newest first. */
  list(channelId: number, count: number): PushDeliveryLogEntry[] {
    this.flush();
    return (this.latest.all(channelId, count) as unknown as Row[]).map((row) => ({
      id: row.webhook_id,
      at: row.at,
      to: row.url,
      events: row.events,
      dropped: row.dropped,
      ok: row.status !== null && row.status >= 200 && row.status < 300 && row.error === null,
      ...(row.status !== null ? { status: row.status } : {}),
      ...(row.error !== null ? { error: row.error } : {}),
      durationMs: row.duration_ms,
    }));
  }
}
