import type { PushTarget } from '../push-targets.ts';
import { Repository } from './queries.ts';

export class SqlPushTargetStore extends Repository {
  /** The configuration as it is now, so that a change applies to the next delivery. */
  async find(channelId: number): Promise<PushTarget | undefined> {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('channels')
        .select([
          'id as channelId',
          'uuid',
          'name',
          'push_url as url',
          'push_interval as interval',
          'push_secret as secret',
        ])
        .where('id', '=', channelId)
        .where('push_url', 'is not', null)
        .where('push_secret', 'is not', null),
      'push-target',
    );
    // The query's conditions rule out the nulls its types still allow.
    return row as PushTarget | undefined;
  }

  /** Channels that have a push configuration now. */
  async configuredChannelIds(): Promise<number[]> {
    const rows = await this.s.all(
      this.s.qb.selectFrom('channels').select('id').where('push_url', 'is not', null),
    );
    return rows.map((row) => row.id);
  }
}
