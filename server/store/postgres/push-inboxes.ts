import { randomUUID } from 'node:crypto';
import type { PushInboxArrival } from '../../../contract/push.ts';
import {
  arrivalOf,
  type NewArrival,
  type PushInbox,
  type PushInboxStore,
  type PushInboxWithSecret,
  type StoredArrival,
} from '../push-inboxes.ts';
import type { PgScope } from './database.ts';
import { keepNewest } from './keep-newest.ts';

const inboxColumns = 'id, uuid, owner_id AS "ownerId", created_at AS "createdAt"';

export class PgPushInboxStore implements PushInboxStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async create(ownerId: number, secret: string, now: number): Promise<PushInbox> {
    const row = await this.s.one<PushInbox>(
      `INSERT INTO push_inboxes (uuid, owner_id, secret, created_at) VALUES ($1, $2, $3, $4)
       RETURNING ${inboxColumns}`,
      [randomUUID(), ownerId, secret, now],
    );
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  find(uuid: string): Promise<PushInbox | undefined> {
    return this.s.one<PushInbox>(`SELECT ${inboxColumns} FROM push_inboxes WHERE uuid = $1`, [
      uuid,
    ]);
  }

  findWithSecret(uuid: string): Promise<PushInboxWithSecret | undefined> {
    return this.s.one<PushInboxWithSecret>(
      `SELECT ${inboxColumns}, secret FROM push_inboxes WHERE uuid = $1`,
      [uuid],
    );
  }

  listOf(ownerId: number): Promise<PushInbox[]> {
    return this.s.rows<PushInbox>(
      `SELECT ${inboxColumns} FROM push_inboxes WHERE owner_id = $1 ORDER BY id DESC`,
      [ownerId],
    );
  }

  async countOf(ownerId: number): Promise<number> {
    const row = await this.s.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM push_inboxes WHERE owner_id = $1',
      [ownerId],
    );
    return row?.n ?? 0;
  }

  async delete(inboxId: number): Promise<void> {
    // Its arrivals go with it (ON DELETE CASCADE).
    await this.s.run('DELETE FROM push_inboxes WHERE id = $1', [inboxId]);
  }

  record(inboxId: number, arrival: NewArrival, kept: number): Promise<void> {
    return this.s.atomically(async (tx) => {
      await tx.run(
        `INSERT INTO push_inbox_arrivals
           (inbox_id, at, webhook_id, verified, problem, channel_uuid, channel_name, event_count,
            events)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          inboxId,
          arrival.at,
          arrival.webhookId ?? null,
          arrival.verified,
          arrival.problem ?? null,
          arrival.channelUuid ?? null,
          arrival.channelName ?? null,
          arrival.eventCount ?? null,
          arrival.events ?? null,
        ],
      );
      await tx.run(keepNewest('push_inbox_arrivals', 'inbox_id'), [inboxId, kept]);
    });
  }

  async arrivals(inboxId: number): Promise<PushInboxArrival[]> {
    const rows = await this.s.rows<StoredArrival>(
      `SELECT at, webhook_id AS "webhookId", verified, problem, channel_uuid AS "channelUuid",
              channel_name AS "channelName", event_count AS "eventCount", events
       FROM push_inbox_arrivals WHERE inbox_id = $1 ORDER BY id DESC`,
      [inboxId],
    );
    return rows.map(arrivalOf);
  }
}
