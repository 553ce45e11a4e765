import type { CloudConfig } from './config.ts';
import type { Store } from './store/store.ts';
import { Timeslices } from './history/timeslices.ts';
import { Ingestion } from './ingestion.ts';
import { EventHub } from './events.ts';
import type { EventBus } from './events/event-bus.ts';
import { openEventBus } from './events/open-event-bus.ts';
import { LogFollower } from './events/follower.ts';
import { Leadership } from './leadership.ts';
import { AddressPolicy } from './push/address-policy.ts';
import { HttpSender } from './push/http-sender.ts';
import { PushDispatcher } from './push/dispatcher.ts';
import { stderrLogger, type CloudLogger } from './cloud-logger.ts';
import { DeliveryLog } from './push/delivery-log.ts';
import { DELIVERY_LOG_KEPT } from './push/limits.ts';
import { Metrics } from './http/metrics.ts';
import { StreamHub } from './live/stream-hub.ts';
import { ReachCache, watchStore } from './reach-cache.ts';

/**
 * Everything route handlers work with, built once per app over one store. Whoever builds
 * services without the app calls `closeServices` before closing the store (buildApp does it on
 * close): push's lease and its reader of the event log run on timers of their own.
 */
export interface Services {
  config: CloudConfig;
  /** The store, its channel and group writes watched by `reach`. */
  store: Store;
  /** Who reaches which channels, kept until a write could change it (reach-cache.ts). */
  reach: ReachCache;
  now: () => number;
  timeslices: Timeslices;
  ingestion: Ingestion;
  /** What the event log brings to this instance while it holds push delivery's lease. */
  events: EventHub;
  /** Wakes the readers of the event log, here and (PostgreSQL) in every instance. */
  bus: EventBus;
  /** The live streams of this instance, fed by one reader of the event log. */
  live: StreamHub;
  /** Push delivery runs in one instance at a time: the holder of this lease. */
  pushLeadership: Leadership;
  /** Records that a channel's push configuration changed, for the instance that delivers. */
  pushChanged(channelId: number): Promise<void>;
  pushPolicy: AddressPolicy;
  deliveryLog: DeliveryLog;
  push: PushDispatcher;
  metrics: Metrics;
  /** Set when the instance starts shutting down: /readyz then answers 503. */
  lifecycle: { draining: boolean };
}

/** Stops what services run by themselves (live streams, push and its lease, the event bus). */
export async function closeServices(services: Services): Promise<void> {
  await services.live.close();
  await services.pushLeadership.stop();
  await services.push.close();
  await services.bus.close();
}

export async function createServices(
  database: Store,
  config: CloudConfig,
  now: () => number = Date.now,
  logger: CloudLogger = stderrLogger,
): Promise<Services> {
  // SQLite serves one instance, which sees every write; PostgreSQL may serve several, whose writes
  // this instance would not see, so the cache stays off there (docs/decisions/0051-reach-cache.md).
  const reach = new ReachCache(database.channels, database.engine === 'sqlite');
  const store = watchStore(database, reach);
  const events = new EventHub();
  const bus = await openEventBus(database, logger);
  const timeslices = new Timeslices(store.channels, store.readings);
  const pushPolicy = new AddressPolicy(config.pushAllowNetworks);
  const deliveryLog = new DeliveryLog(store.deliveryLog, DELIVERY_LOG_KEPT, logger);
  const metrics = new Metrics(store);
  const push = await PushDispatcher.start({
    events,
    targets: store.pushTargets,
    history: timeslices,
    deliveryLog,
    sender: new HttpSender(pushPolicy, { timeoutMs: config.pushTimeoutMs }),
    logger,
    metrics,
  });
  const services: Services = {
    config,
    store,
    reach,
    now,
    timeslices,
    ingestion: new Ingestion(store, bus, now, config.retentionDays, metrics),
    events,
    bus,
    live: new StreamHub({
      bus,
      log: store.eventLog,
      timeslices,
      logger,
      now,
      heartbeatMs: config.liveHeartbeatMs,
    }),
    pushPolicy,
    deliveryLog,
    push,
    pushLeadership: new Leadership({
      leases: store.leases,
      name: PUSH_LEASE,
      log: logger,
      work: () => deliverPush(services, logger),
    }),
    async pushChanged(channelId) {
      bus.appended(await store.eventLog.append({ readings: [], pushChanged: channelId }, now()));
    },
    metrics,
    lifecycle: { draining: false },
  };
  await services.pushLeadership.start();
  return services;
}

const PUSH_LEASE = 'push';
/** How long the event log keeps what it logged: the window live streams can replay. */
const EVENT_LOG_KEPT_MS = 3_600_000;

/**
 * Push delivery, while this instance holds its lease: follows the event log from where the last
 * holder got to (or from now, the first time), applies push configuration changes and hands
 * readings to the dispatcher in commit order, and notes how far it got as it goes. Each event is
 * taken once, by one instance: claimed work, not a broadcast. The one keeping the lease also
 * trims the log.
 */
async function deliverPush(services: Services, logger: CloudLogger): Promise<() => Promise<void>> {
  const { store, push, events, bus } = services;
  await push.reload();
  const stored = await store.leases.cursor(PUSH_LEASE);
  const from = stored > 0 ? stored : await store.eventLog.latest();
  const follower = new LogFollower({
    bus,
    log: store.eventLog,
    from,
    async handle(event) {
      // Only what push acts on moves the stored cursor: a cloud without push writes nothing per
      // batch, and a new holder reading again what nobody pushes changes nothing.
      const acts = event.pushChanged !== undefined || push.concerns(event.readings);
      if (event.pushChanged !== undefined) await push.configurationChanged(event.pushChanged);
      events.published(event.readings);
      if (acts) await store.leases.setCursor(PUSH_LEASE, services.pushLeadership.holder, event.seq);
    },
    onError: (error) => logger.warn({ err: error }, 'push: the event log could not be read'),
  });
  const trim = setInterval(() => {
    store.eventLog
      .trim(services.now() - EVENT_LOG_KEPT_MS)
      .catch((error: unknown) => logger.warn({ err: error }, 'push: event log not trimmed'));
  }, 60_000);
  trim.unref();
  return async () => {
    clearInterval(trim);
    await follower.stop();
  };
}
