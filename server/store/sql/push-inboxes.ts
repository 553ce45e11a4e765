import { randomUUID } from 'node:crypto';
import type { PushInboxArrival } from '../../../contract/push.ts';
import type { NewArrival, PushInbox, PushInboxWithSecret } from '../push-inboxes.ts';
import { keepNewest } from './keep-newest.ts';
import { one, Repository } from './queries.ts';
import { flag, present } from './values.ts';

const inbox = ['id', 'uuid', 'owner_id as ownerId', 'created_at as createdAt'] as const;

/** Push inboxes: receivers on the cloud for trying push settings (our extension). */
export class SqlPushInboxStore extends Repository {
  create(ownerId: number, secret: string, now: number): Promise<PushInbox> {
    return one(
      this.s,
      this.s.qb
        .insertInto('push_inboxes')
        .values({ uuid: randomUUID(), owner_id: ownerId, secret, created_at: now })
        .returning(inbox),
    );
  }

  find(uuid: string): Promise<PushInbox | undefined> {
    return this.s.first(
      this.s.qb.selectFrom('push_inboxes').select(inbox).where('uuid', '=', uuid),
    );
  }

  findWithSecret(uuid: string): Promise<PushInboxWithSecret | undefined> {
    return this.s.first(
      this.s.qb
        .selectFrom('push_inboxes')
        .select([...inbox, 'secret'])
        .where('uuid', '=', uuid),
    );
  }

  /** Every inbox's id and stored secret, for sealing them at start (secrets/push-secrets.ts). */
  storedSecrets(): Promise<{ id: number; secret: string }[]> {
    return this.s.all(this.s.qb.selectFrom('push_inboxes').select(['id', 'secret']).orderBy('id'));
  }

  /** Replaces the stored secret of an inbox while it still holds `expected`; false otherwise. */
  async replaceSecret(inboxId: number, expected: string, secret: string): Promise<boolean> {
    // Compare-and-set: another instance starting at the same moment seals it once, not twice.
    const rows = await this.s.all(
      this.s.qb
        .updateTable('push_inboxes')
        .set({ secret })
        .where('id', '=', inboxId)
        .where('secret', '=', expected)
        .returning('id'),
    );
    return rows.length > 0;
  }

  /** Newest first. */
  listOf(ownerId: number): Promise<PushInbox[]> {
    return this.s.all(
      this.s.qb
        .selectFrom('push_inboxes')
        .select(inbox)
        .where('owner_id', '=', ownerId)
        .orderBy('id', 'desc'),
    );
  }

  async countOf(ownerId: number): Promise<number> {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('push_inboxes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId),
    );
    return Number(row?.n ?? 0);
  }

  /** Its arrivals go with it (ON DELETE CASCADE). */
  async delete(inboxId: number): Promise<void> {
    await this.s.exec(this.s.qb.deleteFrom('push_inboxes').where('id', '=', inboxId));
  }

  /** Records an arrival, keeping the inbox's newest `kept`. */
  record(inboxId: number, arrival: NewArrival, kept: number): Promise<void> {
    return this.s.atomic(async (tx) => {
      await tx.exec(
        tx.qb.insertInto('push_inbox_arrivals').values({
          inbox_id: inboxId,
          at: arrival.at,
          webhook_id: arrival.webhookId ?? null,
          verified: arrival.verified,
          problem: arrival.problem ?? null,
          channel_uuid: arrival.channelUuid ?? null,
          channel_name: arrival.channelName ?? null,
          event_count: arrival.eventCount ?? null,
          events: arrival.events ?? null,
        }),
      );
      // The inbox keeps its newest `kept`.
      await tx.exec(
        keepNewest(tx.qb, { table: 'push_inbox_arrivals', owner: 'inbox_id' }, inboxId, kept),
      );
    });
  }

  /** Newest first. */
  async arrivals(inboxId: number): Promise<PushInboxArrival[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('push_inbox_arrivals')
        .selectAll()
        .where('inbox_id', '=', inboxId)
        .orderBy('id', 'desc'),
    );
    return rows.map((row) => ({
      at: row.at,
      verified: flag(row.verified),
      ...present({
        webhookId: row.webhook_id,
        problem: row.problem,
        channelUuid: row.channel_uuid,
        channelName: row.channel_name,
        eventCount: row.event_count,
      }),
      ...(row.events !== null
        ? { events: JSON.parse(row.events) as PushInboxArrival['events'] }
        : {}),
    }));
  }
}
