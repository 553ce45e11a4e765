import type { Api } from './sql/queries.ts';
import type { SqlDeliveryLogStore } from './sql/delivery-log.ts';
import type { PushDeliveryLogEntry } from '../../contract/push.ts';

export interface DeliveryRecord extends PushDeliveryLogEntry {
  channelId: number;
}

export type DeliveryLogStore = Api<SqlDeliveryLogStore>;
