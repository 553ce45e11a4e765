import type { Db } from './db.ts';

/** A channel's push configuration, with the secret: only the push module reads this. */
export interface PushTarget {
  channelId: number;
  uuid: string;
  name: string;
  url: string;
  interval: number;
  secret: string;
}

export class PushTargetStore {
  private readonly byId;
  private readonly configured;

  constructor(db: Db) {
    this.configured = db.prepare('SELECT id FROM channels WHERE push_url IS NOT NULL');
    this.byId = db.prepare(`
      SELECT id AS channelId, uuid, name, push_url AS url, push_interval AS interval,
             push_secret AS secret
      FROM channels WHERE id = ? AND push_url IS NOT NULL AND push_secret IS NOT NULL`);
  }

  /** The configuration as it is now, so that a change applies to the next delivery. */
  find(channelId: number): PushTarget | undefined {
    return this.byId.get(channelId) as PushTarget | undefined;
  }

  /** Channels that have a push configuration now. */
  configuredChannelIds(): number[] {
    return (this.configured.all() as { id: number }[]).map((row) => row.id);
  }
}
