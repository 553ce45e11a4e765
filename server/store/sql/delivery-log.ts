import type { PushDeliveryLogEntry } from '../../../contract/push.ts';
import type { DeliveryRecord } from '../delivery-log.ts';
import { keepNewest } from './keep-newest.ts';
import { Repository } from './queries.ts';
import { present } from './values.ts';

/** The last deliveries of each channel, for people checking their receiver. */
export class SqlDeliveryLogStore extends Repository {
  /** Adds the entries and trims each of their channels to its newest `kept`. */
  append(records: readonly DeliveryRecord[], kept: number): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return this.s.atomic(async (tx) => {
      await tx.exec(
        tx.qb.insertInto('push_deliveries').values(
          records.map((r) => ({
            channel_id: r.channelId,
            webhook_id: r.id,
            at: r.at,
            url: r.to,
            events: r.events,
            dropped: r.dropped,
            status: r.status ?? null,
            error: r.error ?? null,
            duration_ms: Math.round(r.durationMs),
          })),
        ),
      );
      // Each channel keeps its newest `kept`, however busy it is.
      for (const channel of new Set(records.map((r) => r.channelId))) {
        await tx.exec(
          keepNewest(tx.qb, { table: 'push_deliveries', owner: 'channel_id' }, channel, kept),
        );
      }
    });
  }

  /** Newest first. */
  async latest(channelId: number, count: number): Promise<PushDeliveryLogEntry[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('push_deliveries')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('id', 'desc')
        .limit(count),
    );
    return rows.map((row) => ({
      id: row.webhook_id,
      at: row.at,
      to: row.url,
      events: row.events,
      dropped: row.dropped,
      ok: row.status !== null && row.status >= 200 && row.status < 300 && row.error === null,
      ...present({ status: row.status, error: row.error }),
      durationMs: row.duration_ms,
    }));
  }
}
