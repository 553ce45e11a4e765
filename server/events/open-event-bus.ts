import type { CloudLogger } from '../cloud-logger.ts';
import type { Store } from '../store/store.ts';
import { PgStore } from '../store/postgres/store.ts';
import { LocalEventBus, type EventBus } from './event-bus.ts';
import { PgEventBus } from './pg-event-bus.ts';

/** The bus that fits the store: LISTEN/NOTIFY across instances on PostgreSQL, in-process else. */
export function openEventBus(store: Store, log: CloudLogger): Promise<EventBus> {
  if (store instanceof PgStore) {
    return PgEventBus.connect(store.url, log, (channel) =>
      store.pool.query('SELECT pg_notify($1, $2)', [channel, '']),
    );
  }
  return Promise.resolve(new LocalEventBus());
}
