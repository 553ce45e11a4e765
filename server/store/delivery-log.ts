import type { Api } from './sql/queries.ts';
import type { SqlDeliveryLogStore } from './sql/delivery-log.ts';
import type { PushDeliveryLogEntry } from '../../contract/push.ts';

export interface DeliveryRecord extends PushDeliveryLogEntry {
  channelId: number;
}

export type DeliveryLogStore = Api<SqlDeliveryLogStore>;

/** A log entry as both engines read it (columns aliased to these names). */
export interface StoredDelivery {
  webhookId: string;
  at: number;
  url: string;
  events: number;
  dropped: number;
  status: number | null;
  error: string | null;
  durationMs: number;
}

export function logEntry(row: StoredDelivery): PushDeliveryLogEntry {
  return {
    id: row.webhookId,
    at: row.at,
    to: row.url,
    events: row.events,
    dropped: row.dropped,
    ok: row.status !== null && row.status >= 200 && row.status < 300 && row.error === null,
    ...(row.status !== null ? { status: row.status } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    durationMs: row.durationMs,
  };
}
