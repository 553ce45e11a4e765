import type { CloudConfig } from './config.ts';
import type { Store } from './store/store.ts';
import { Timeslices } from './history/timeslices.ts';
import { Ingestion } from './ingestion.ts';
import { EventHub } from './events.ts';
import { AddressPolicy } from './push/address-policy.ts';
import { HttpSender } from './push/http-sender.ts';
import { PushDispatcher } from './push/dispatcher.ts';
import type { PushLogger } from './push/push-logger.ts';
import { DeliveryLog } from './push/delivery-log.ts';
import { DELIVERY_LOG_KEPT } from './push/limits.ts';
import { Metrics } from './http/metrics.ts';

/**
 * Everything route handlers work with, built once per app over one store. Whoever builds
 * services without the app closes `push` when done (buildApp does it on close).
 */
export interface Services {
  config: CloudConfig;
  store: Store;
  now: () => number;
  timeslices: Timeslices;
  ingestion: Ingestion;
  events: EventHub;
  pushPolicy: AddressPolicy;
  deliveryLog: DeliveryLog;
  push: PushDispatcher;
  metrics: Metrics;
  /** Set when the instance starts shutting down: /readyz then answers 503. */
  lifecycle: { draining: boolean };
}

const stderrLogger: PushLogger = {
  warn: (details, message) => console.warn(message, details),
};

export async function createServices(
  store: Store,
  config: CloudConfig,
  now: () => number = Date.now,
  logger: PushLogger = stderrLogger,
): Promise<Services> {
  const events = new EventHub();
  const timeslices = new Timeslices(store.channels, store.readings);
  const pushPolicy = new AddressPolicy(config.pushAllowNetworks);
  const deliveryLog = new DeliveryLog(store.deliveryLog, DELIVERY_LOG_KEPT, logger);
  const metrics = new Metrics(store);
  return {
    config,
    store,
    now,
    timeslices,
    ingestion: new Ingestion(store, events, now, config.retentionDays, metrics),
    events,
    pushPolicy,
    deliveryLog,
    push: await PushDispatcher.start({
      events,
      targets: store.pushTargets,
      history: timeslices,
      deliveryLog,
      sender: new HttpSender(pushPolicy, { timeoutMs: config.pushTimeoutMs }),
      logger,
      metrics,
    }),
    metrics,
    lifecycle: { draining: false },
  };
}
