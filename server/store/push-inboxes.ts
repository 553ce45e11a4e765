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
