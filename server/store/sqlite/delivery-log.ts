import type { PushDeliveryLogEntry } from '../../../contract/push.ts';
import {
  logEntry,
  type DeliveryLogStore,
  type DeliveryRecord,
  type StoredDelivery,
} from '../delivery-log.ts';
import type { SqliteScope } from './database.ts';
import { keepNewest } from './keep-newest.ts';

const insert = `
  INSERT INTO push_deliveries
    (channel_id, webhook_id, at, url, events, dropped, status, error, duration_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const trim = keepNewest('push_deliveries', 'channel_id');
const latest = `
  SELECT webhook_id AS webhookId, at, url, events, dropped, status, error,
         duration_ms AS durationMs
  FROM push_deliveries WHERE channel_id = ? ORDER BY id DESC LIMIT ?`;

export class SqliteDeliveryLogStore implements DeliveryLogStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  append(records: readonly DeliveryRecord[], kept: number): Promise<void> {
    return this.s.atomically(() => {
      const add = this.s.prepare(insert);
      const channels = new Set<number>();
      for (const r of records) {
        add.run(
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
      const keep = this.s.prepare(trim);
      for (const channel of channels) keep.run({ $owner: channel, $kept: kept });
    });
  }

  latest(channelId: number, count: number): Promise<PushDeliveryLogEntry[]> {
    return this.s.run(() =>
      (this.s.prepare(latest).all(channelId, count) as unknown as StoredDelivery[]).map(logEntry),
    );
  }
}
