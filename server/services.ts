import type { Db } from './store/db.ts';
import type { CloudConfig } from './config.ts';
import { ChannelStore } from './store/channels.ts';
import { GroupStore } from './store/groups.ts';
import { UserStore } from './store/users.ts';
import { ReadingStore } from './store/readings.ts';
import { HistoryStore } from './store/history.ts';
import { GatewayKeyStore } from './store/gateways.ts';
import { Ingestion } from './store/ingestion.ts';
import { PushTargetStore } from './store/push-targets.ts';
import { DeliveryLogStore } from './store/push-deliveries.ts';
import { PushInboxStore } from './store/push-inboxes.ts';
import { EventHub } from './events.ts';
import { AddressPolicy } from './push/address-policy.ts';
import { HttpSender } from './push/http-sender.ts';
import { PushDispatcher, type PushLogger } from './push/dispatcher.ts';
import { DELIVERY_LOG_KEPT, INBOX_ARRIVALS_KEPT } from './push/limits.ts';

/**
 * Everything route handlers work with, built once per app over one database. Whoever builds
 * services without the app closes `push` when done (buildApp does it on close).
 */
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
  pushPolicy: AddressPolicy;
  pushDeliveries: DeliveryLogStore;
  push: PushDispatcher;
  pushInboxes: PushInboxStore;
}

const stderrLogger: PushLogger = {
  warn: (details, message) => console.warn(message, details),
};

export function createServices(
  db: Db,
  config: CloudConfig,
  now: () => number = Date.now,
  logger: PushLogger = stderrLogger,
): Services {
  const channels = new ChannelStore(db);
  const groups = new GroupStore(db);
  const events = new EventHub();
  const history = new HistoryStore(db);
  const pushPolicy = new AddressPolicy(config.pushAllowNetworks);
  const pushDeliveries = new DeliveryLogStore(db, DELIVERY_LOG_KEPT);
  return {
    config,
    db,
    now,
    channels,
    groups,
    users: new UserStore(db),
    history,
    gatewayKeys: new GatewayKeyStore(db),
    ingestion: new Ingestion(db, channels, groups, new ReadingStore(db), events, now),
    events,
    pushPolicy,
    pushDeliveries,
    push: new PushDispatcher({
      events,
      targets: new PushTargetStore(db),
      history,
      deliveryLog: pushDeliveries,
      sender: new HttpSender(pushPolicy, { timeoutMs: config.pushTimeoutMs }),
      logger,
    }),
    pushInboxes: new PushInboxStore(db, INBOX_ARRIVALS_KEPT),
  };
}
