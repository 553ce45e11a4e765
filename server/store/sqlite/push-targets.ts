import type { PushTarget, PushTargetStore } from '../push-targets.ts';
import type { SqliteScope } from './database.ts';

const configured = 'SELECT id FROM channels WHERE push_url IS NOT NULL';
const byId = `
  SELECT id AS channelId, uuid, name, push_url AS url, push_interval AS interval,
         push_secret AS secret
  FROM channels WHERE id = ? AND push_url IS NOT NULL AND push_secret IS NOT NULL`;

export class SqlitePushTargetStore implements PushTargetStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  find(channelId: number): Promise<PushTarget | undefined> {
    return this.s.run(() => this.s.prepare(byId).get(channelId) as PushTarget | undefined);
  }

  configuredChannelIds(): Promise<number[]> {
    return this.s.run(() =>
      (this.s.prepare(configured).all() as { id: number }[]).map((row) => row.id),
    );
  }
}
