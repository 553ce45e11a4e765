import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { transaction } from './db.ts';
import { prepareKeepNewest } from './keep-newest.ts';
import type { PushInboxArrival } from '../../contract/push.ts';

export interface InboxRow {
  id: number;
  uuid: string;
  owner_id: number;
  created_at: number;
}

/** An inbox with its secret, for verifying what arrives; never handed to a route's answer. */
export interface InboxWithSecret extends InboxRow {
  secret: string;
}

export interface NewArrival {
  at: number;
  webhookId?: string;
  verified: boolean;
  problem?: string;
  channelUuid?: string;
  channelName?: string;
  eventCount?: number;
  /** JSON text of the first events. */
  events?: string;
}

interface ArrivalRow {
  at: number;
  webhook_id: string | null;
  verified: number;
  problem: string | null;
  channel_uuid: string | null;
  channel_name: string | null;
  event_count: number | null;
  events: string | null;
}

const inboxColumns = 'id, uuid, owner_id, created_at';

/** Push inboxes: receivers on the cloud for trying push settings (our extension). */
export class PushInboxStore {
  private readonly db: Db;
  private readonly kept: number;
  private readonly insert;
  private readonly byUuid;
  private readonly withSecret;
  private readonly ofOwner;
  private readonly countOfOwner;
  private readonly remove;
  private readonly addArrival;
  private readonly trim;
  private readonly arrivalsOf;

  constructor(db: Db, kept: number) {
    this.db = db;
    this.kept = kept;
    this.insert = db.prepare(`
      INSERT INTO push_inboxes (uuid, owner_id, secret, created_at) VALUES (?, ?, ?, ?)
      RETURNING ${inboxColumns}`);
    this.byUuid = db.prepare(`SELECT ${inboxColumns} FROM push_inboxes WHERE uuid = ?`);
    this.withSecret = db.prepare(`SELECT ${inboxColumns}, secret FROM push_inboxes WHERE uuid = ?`);
    this.ofOwner = db.prepare(
      `SELECT ${inboxColumns} FROM push_inboxes WHERE owner_id = ? ORDER BY id DESC`,
    );
    this.countOfOwner = db.prepare('SELECT COUNT(*) AS n FROM push_inboxes WHERE owner_id = ?');
    this.remove = db.prepare('DELETE FROM push_inboxes WHERE id = ?');
    this.addArrival = db.prepare(`
      INSERT INTO push_inbox_arrivals
        (inbox_id, at, webhook_id, verified, problem, channel_uuid, channel_name, event_count, events)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.trim = prepareKeepNewest(db, 'push_inbox_arrivals', 'inbox_id');
    this.arrivalsOf = db.prepare(`
      SELECT at, webhook_id, verified, problem, channel_uuid, channel_name, event_count, events
      FROM push_inbox_arrivals WHERE inbox_id = ? ORDER BY id DESC`);
  }

  create(ownerId: number, secret: string, now: number): InboxRow {
    return this.insert.get(randomUUID(), ownerId, secret, now) as unknown as InboxRow;
  }

  find(uuid: string): InboxRow | undefined {
    return this.byUuid.get(uuid) as InboxRow | undefined;
  }

  findWithSecret(uuid: string): InboxWithSecret | undefined {
    return this.withSecret.get(uuid) as InboxWithSecret | undefined;
  }

  listOf(ownerId: number): InboxRow[] {
    return this.ofOwner.all(ownerId) as unknown as InboxRow[];
  }

  countOf(ownerId: number): number {
    return (this.countOfOwner.get(ownerId) as { n: number }).n;
  }

  /** Its arrivals go with it (ON DELETE CASCADE). */
  delete(inboxId: number): void {
    this.remove.run(inboxId);
  }

  record(inboxId: number, arrival: NewArrival): void {
    transaction(this.db, () => {
      this.addArrival.run(
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
      this.trim.run({ $owner: inboxId, $kept: this.kept });
    });
  }

  /** Newest first. */
  arrivals(inboxId: number): PushInboxArrival[] {
    return (this.arrivalsOf.all(inboxId) as unknown as ArrivalRow[]).map((row) => ({
      at: row.at,
      verified: row.verified === 1,
      ...(row.webhook_id !== null ? { webhookId: row.webhook_id } : {}),
      ...(row.problem !== null ? { problem: row.problem } : {}),
      ...(row.channel_uuid !== null ? { channelUuid: row.channel_uuid } : {}),
      ...(row.channel_name !== null ? { channelName: row.channel_name } : {}),
      ...(row.event_count !== null ? { eventCount: row.event_count } : {}),
      ...(row.events !== null
        ? { events: JSON.parse(row.events) as PushInboxArrival['events'] }
        : {}),
    }));
  }
}
