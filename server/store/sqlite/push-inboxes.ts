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
import type { SqliteScope } from './database.ts';
import { keepNewest } from './keep-newest.ts';

const inboxColumns = 'id, uuid, owner_id AS ownerId, created_at AS createdAt';
const insert = `
  INSERT INTO push_inboxes (uuid, owner_id, secret, created_at) VALUES (?, ?, ?, ?)
  RETURNING ${inboxColumns}`;
const addArrival = `
  INSERT INTO push_inbox_arrivals
    (inbox_id, at, webhook_id, verified, problem, channel_uuid, channel_name, event_count, events)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const trim = keepNewest('push_inbox_arrivals', 'inbox_id');
const arrivalsOf = `
  SELECT at, webhook_id AS webhookId, verified, problem, channel_uuid AS channelUuid,
         channel_name AS channelName, event_count AS eventCount, events
  FROM push_inbox_arrivals WHERE inbox_id = ? ORDER BY id DESC`;

export class SqlitePushInboxStore implements PushInboxStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  create(ownerId: number, secret: string, now: number): Promise<PushInbox> {
    return this.s.run(
      () => this.s.prepare(insert).get(randomUUID(), ownerId, secret, now) as unknown as PushInbox,
    );
  }

  find(uuid: string): Promise<PushInbox | undefined> {
    return this.s.run(
      () =>
        this.s.prepare(`SELECT ${inboxColumns} FROM push_inboxes WHERE uuid = ?`).get(uuid) as
          PushInbox | undefined,
    );
  }

  findWithSecret(uuid: string): Promise<PushInboxWithSecret | undefined> {
    return this.s.run(
      () =>
        this.s
          .prepare(`SELECT ${inboxColumns}, secret FROM push_inboxes WHERE uuid = ?`)
          .get(uuid) as PushInboxWithSecret | undefined,
    );
  }

  listOf(ownerId: number): Promise<PushInbox[]> {
    return this.s.run(
      () =>
        this.s
          .prepare(`SELECT ${inboxColumns} FROM push_inboxes WHERE owner_id = ? ORDER BY id DESC`)
          .all(ownerId) as unknown as PushInbox[],
    );
  }

  countOf(ownerId: number): Promise<number> {
    return this.s.run(
      () =>
        (
          this.s
            .prepare('SELECT COUNT(*) AS n FROM push_inboxes WHERE owner_id = ?')
            .get(ownerId) as { n: number }
        ).n,
    );
  }

  delete(inboxId: number): Promise<void> {
    // Its arrivals go with it (ON DELETE CASCADE).
    return this.s.run(() => {
      this.s.prepare('DELETE FROM push_inboxes WHERE id = ?').run(inboxId);
    });
  }

  record(inboxId: number, arrival: NewArrival, kept: number): Promise<void> {
    return this.s.atomically(() => {
      this.s
        .prepare(addArrival)
        .run(
          inboxId,
          arrival.at,
          arrival.webhookId ?? null,
          arrival.verified ? 1 : 0,
          arrival.problem ?? null,
          arrival.channelUuid ?? null,
          arrival.channelName ?? null,
          arrival.eventCount ?? null,
          arrival.events ?? null,
        );
      this.s.prepare(trim).run({ $owner: inboxId, $kept: kept });
    });
  }

  arrivals(inboxId: number): Promise<PushInboxArrival[]> {
    return this.s.run(() =>
      (this.s.prepare(arrivalsOf).all(inboxId) as unknown as StoredArrival[]).map(arrivalOf),
    );
  }
}
