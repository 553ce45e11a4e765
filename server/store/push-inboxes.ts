import type { PushInboxArrival } from '../../contract/push.ts';

export interface PushInbox {
  id: number;
  uuid: string;
  ownerId: number;
  createdAt: number;
}

/** An inbox with its secret, for verifying what arrives; never handed to a route's answer. */
export interface PushInboxWithSecret extends PushInbox {
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

/** Push inboxes: receivers on the cloud for trying push settings (our extension). */
export interface PushInboxStore {
  create(ownerId: number, secret: string, now: number): Promise<PushInbox>;
  find(uuid: string): Promise<PushInbox | undefined>;
  findWithSecret(uuid: string): Promise<PushInboxWithSecret | undefined>;
  /** Every inbox's id and stored secret, for sealing them at start (secrets/push-secrets.ts). */
  storedSecrets(): Promise<{ id: number; secret: string }[]>;
  /** Replaces the stored secret of an inbox while it still holds `expected`; false otherwise. */
  replaceSecret(inboxId: number, expected: string, secret: string): Promise<boolean>;
  /** Newest first. */
  listOf(ownerId: number): Promise<PushInbox[]>;
  countOf(ownerId: number): Promise<number>;
  /** Its arrivals go with it. */
  delete(inboxId: number): Promise<void>;
  /** Records an arrival, keeping the inbox's newest `kept`. */
  record(inboxId: number, arrival: NewArrival, kept: number): Promise<void>;
  /** Newest first. */
  arrivals(inboxId: number): Promise<PushInboxArrival[]>;
}

/** An arrival as both engines read it (columns aliased to these names). */
export interface StoredArrival {
  at: number;
  webhookId: string | null;
  verified: boolean | number;
  problem: string | null;
  channelUuid: string | null;
  channelName: string | null;
  eventCount: number | null;
  events: string | null;
}

export function arrivalOf(row: StoredArrival): PushInboxArrival {
  return {
    at: row.at,
    verified: row.verified === true || row.verified === 1,
    ...(row.webhookId !== null ? { webhookId: row.webhookId } : {}),
    ...(row.problem !== null ? { problem: row.problem } : {}),
    ...(row.channelUuid !== null ? { channelUuid: row.channelUuid } : {}),
    ...(row.channelName !== null ? { channelName: row.channelName } : {}),
    ...(row.eventCount !== null ? { eventCount: row.eventCount } : {}),
    ...(row.events !== null
      ? { events: JSON.parse(row.events) as PushInboxArrival['events'] }
      : {}),
  };
}
