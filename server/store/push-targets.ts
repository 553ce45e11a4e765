import type { Api } from './sql/queries.ts';
import type { SqlPushTargetStore } from './sql/push-targets.ts';
/** A channel's push configuration, with the secret: only the push module reads this. */
export interface PushTarget {
  channelId: number;
  uuid: string;
  name: string;
  url: string;
  interval: number;
  secret: string;
}

export type PushTargetStore = Api<SqlPushTargetStore>;
