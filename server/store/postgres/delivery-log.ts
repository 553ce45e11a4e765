import type { PushDeliveryLogEntry } from '../../../contract/push.ts';
import {
  logEntry,
  type DeliveryLogStore,
  type DeliveryRecord,
  type StoredDelivery,
} from '../delivery-log.ts';
import type { PgScope } from './database.ts';
import { keepNewest } from './keep-newest.ts';

export class PgDeliveryLogStore implements DeliveryLogStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  append(records: readonly DeliveryRecord[], kept: number): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return this.s.atomically(async (tx) => {
      await tx.run(
        `INSERT INTO push_deliveries
           (channel_id, webhook_id, at, url, events, dropped, status, error, duration_ms)
         SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[], $4::text[], $5::int[],
                              $6::int[], $7::int[], $8::text[], $9::int[])`,
        [
          records.map((r) => r.channelId),
          records.map((r) => r.id),
          records.map((r) => r.at),
          records.map((r) => r.to),
          records.map((r) => r.events),
          records.map((r) => r.dropped),
          records.map((r) => r.status ?? null),
          records.map((r) => r.error ?? null),
          records.map((r) => Math.round(r.durationMs)),
        ],
      );
      for (const channel of new Set(records.map((r) => r.channelId))) {
        await tx.run(keepNewest('push_deliveries', 'channel_id'), [channel, kept]);
      }
    });
  }

  async latest(channelId: number, count: number): Promise<PushDeliveryLogEntry[]> {
    const rows = await this.s.rows<StoredDelivery>(
      `SELECT webhook_id AS "webhookId", at, url, events, dropped, status, error,
              duration_ms AS "durationMs"
       FROM push_deliveries WHERE channel_id = $1 ORDER BY id DESC LIMIT $2`,
      [channelId, count],
    );
    return rows.map(logEntry);
  }
}
