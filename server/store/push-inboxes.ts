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
