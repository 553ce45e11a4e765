import type { PushTarget, PushTargetStore } from '../push-targets.ts';
import type { PgScope } from './database.ts';

export class PgPushTargetStore implements PushTargetStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  find(channelId: number): Promise<PushTarget | undefined> {
    return this.s.one<PushTarget>(
      `SELECT id AS "channelId", uuid, name, push_url AS url, push_interval AS interval,
              push_secret AS secret
       FROM channels WHERE id = $1 AND push_url IS NOT NULL AND push_secret IS NOT NULL`,
      [channelId],
      'push-target',
    );
  }

  async configuredChannelIds(): Promise<number[]> {
    const rows = await this.s.rows<{ id: number }>(
      'SELECT id FROM channels WHERE push_url IS NOT NULL',
    );
    return rows.map((row) => row.id);
  }
}
