import type { Db } from './store/db.ts';
import type { CloudConfig } from './config.ts';
import { ChannelStore } from './store/channels.ts';
import { GroupStore } from './store/groups.ts';
import { UserStore } from './store/users.ts';
import { ReadingStore } from './store/readings.ts';
import { HistoryStore } from './store/history.ts';
import { GatewayKeyStore } from './store/gateways.ts';
import { Ingestion } from './store/ingestion.ts';
import { EventHub } from './events.ts';

/** Everything route handlers work with, built once per app over one database. */
export interface Services {
  config: CloudConfig;
  db: Db;
  now: () => number;
  channels: ChannelStore;
  groups: GroupStore;
  users: UserStore;
  history: HistoryStore;
  gatewayKeys: GatewayKeyStore;
  ingestion: Ingestion;
  events: EventHub;
}

export function createServices(
  db: Db,
  config: CloudConfig,
  now: () => number = Date.now,
): Services {
  const channels = new ChannelStore(db);
  const groups = new GroupStore(db);
  const events = new EventHub();
  return {
    config,
    db,
    now,
    channels,
    groups,
    users: new UserStore(db),
    history: new HistoryStore(db),
    gatewayKeys: new GatewayKeyStore(db),
    ingestion: new Ingestion(db, channels, groups, new ReadingStore(db), events, now),
    events,
  };
}
