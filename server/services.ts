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
import { loadSealer, type Sealer } from './secrets/sealer.ts';
import {
  sealStoredInboxSecrets,
  sealStoredPushSecrets,
  unsealedTargets,
} from './secrets/push-secrets.ts';
import { ReachCache, watchStore } from './reach-cache.ts';
import { checkSecretsKey } from './secrets/key-check.ts';
import { ALARM_PUSH_CLAIMS, AlarmPush } from './push/alarm-push.ts';
import { SilenceWatch } from './alarms/silence.ts';
import { KeptPositions } from './positions/kept-positions.ts';
import { Notifications } from './notify/notifications.ts';

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
  /** Seals push and inbox secrets and the identity provider's records at rest. */
  sealer: Sealer;
  /** Raises silence alarms; runs every minute in the holder of the `alarms` lease. */
  silence: SilenceWatch;
  /** Every node's newest position and temperature, kept in memory (`/v1/positions`). */
  positions: KeptPositions;
  alarmLeadership: Leadership;
  /** Alarms told to people by e-mail (docs/notifications.md). */
  notifications: Notifications;
  /**
   * `draining`: the instance starts shutting down: /readyz answers 503 while requests are still
   * served, until the balancer stopped sending. `closing`: the server closes; a request that
   * still arrives answers 503 with Retry-After.
   */
  lifecycle: { draining: boolean; closing: boolean };
}

/** Stops what services run by themselves (live streams, push and its lease, the event bus). */
export async function closeServices(services: Services): Promise<void> {
  await services.live.close();
  await services.pushLeadership.stop();
  await services.alarmLeadership.stop();
  await services.notifications.leadership.stop();
  await services.push.close();
  await services.bus.close();
}

export async function createServices(
  database: Store,
  config: CloudConfig,
  now: () => number = Date.now,
  logger: CloudLogger = stderrLogger,
): Promise<Services> {
  const sealer = loadSealer(config.dataDir, config.secretsKey ?? undefined);
  // Refuses to start, before anything runs, with keys that cannot unseal the database's secrets
  // (a clear message, not a push that fails every delivery later).
  await checkSecretsKey(database, sealer, now());
  const bus = await openEventBus(database, logger);
  // Several instances may share PostgreSQL: each tells the others of the reach changes it commits
  // and forgets what it kept when told; while it cannot hear them it keeps nothing
  // (docs/decisions/0051-reach-cache.md).
  const reach = new ReachCache(database.channels, () => bus.hearsOthers());
  bus.onReachChanged(() => reach.changed());
  const store = watchStore(database, reach, () => bus.reachChanged());
  const events = new EventHub();
  const timeslices = new Timeslices(store.channels, store.readings);
  const pushPolicy = new AddressPolicy(config.pushAllowNetworks);
  const deliveryLog = new DeliveryLog(store.deliveryLog, DELIVERY_LOG_KEPT, logger);
  const metrics = new Metrics(store);
  await sealStoredPushSecrets(store, sealer, logger);
  await sealStoredInboxSecrets(store, sealer, logger);
  const push = await PushDispatcher.start({
    events,
    targets: unsealedTargets(store.pushTargets, sealer),
    history: timeslices,
    deliveryLog,
    sender: new HttpSender(pushPolicy, { timeoutMs: config.pushTimeoutMs }),
    logger,
    metrics,
  });
  const silence = new SilenceWatch(store, bus, logger);
  const services: Services = {
    config,
    store,
    reach,
    now,
    timeslices,
    positions: new KeptPositions({
      positions: store.positions,
      log: store.eventLog,
      retentionDays: config.retentionDays,
      now,
    }),
    ingestion: new Ingestion(
      store,
      bus,
      now,
      config.retentionDays,
      metrics,
      config.alarmHoldOffMinutes * 60_000,
    ),
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
      announce: () => bus.leaseReleased(),
    }),
    async pushChanged(channelId) {
      bus.appended(await store.eventLog.append({ readings: [], pushChanged: channelId }, now()));
    },
    metrics,
    sealer,
    silence,
    alarmLeadership: new Leadership({
      leases: store.leases,
      name: ALARM_LEASE,
      log: logger,
      work: async () => watchSilence(silence, now, logger),
      announce: () => bus.leaseReleased(),
    }),
    notifications: new Notifications({
      store,
      config,
      sealer,
      logger,
      policy: pushPolicy,
      announce: () => bus.leaseReleased(),
    }),
    lifecycle: { draining: false, closing: false },
  };
  await services.pushLeadership.start();
  await services.alarmLeadership.start();
  await services.notifications.leadership.start();
  // A stopping instance let a lease go: take it now, not at the next renewal.
  bus.onLeaseReleased(() => {
    services.pushLeadership.tryNow();
    services.alarmLeadership.tryNow();
    services.notifications.leadership.tryNow();
  });
  return services;
}

const PUSH_LEASE = 'push';
const ALARM_LEASE = 'alarms';
const SILENCE_CHECK_MS = 60_000;

/**
 * The silence check while this instance holds the `alarms` lease: once as it takes the lease, then
 * every minute. Looking at once means a node that fell quiet while the last holder was dying is
 * raised within the lease's time, not a minute later (docs/decisions/0131-alarms-across-a-kill.md).
 */
function watchSilence(
  silence: SilenceWatch,
  now: () => number,
  logger: CloudLogger,
): () => Promise<void> {
  const check = () =>
    silence
      .check(now())
      .catch((error: unknown) => logger.warn({ err: error }, 'alarms: silence not checked'));
  let running: Promise<unknown> = check();
  const timer = setInterval(() => {
    running = check();
  }, SILENCE_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
/** How long the event log keeps what it logged: the window live streams can replay. */
const EVENT_LOG_KEPT_MS = 3_600_000;

/** How often push's holder stores how far it got (the cursor a new holder starts from). */
const CURSOR_SAVE_MS = 1_000;

/**
 * Push delivery, while this instance holds its lease: follows the event log from where the last
 * holders got to (or from now, the first time), applies push configuration changes and hands
 * readings to the dispatcher in commit order. Exactly once through a change of holder
 * (docs/decisions/0026-push-exactly-once.md): each delivery records a claim for its channel
 * before it is sent, and the stored cursor stays below every event not yet claimed, so a new
 * holder reads again what was still waiting and skips what was started. The one keeping the
 * lease also trims the log.
 */
async function deliverPush(services: Services, logger: CloudLogger): Promise<() => Promise<void>> {
  const { store, push, events, bus } = services;
  const holder = services.pushLeadership.holder;
  push.follow();
  await push.reload();
  const started = await store.leases.claims(PUSH_LEASE);
  const stored = await store.leases.cursor(PUSH_LEASE);
  const from = stored > 0 ? stored : await store.eventLog.latest();
  push.lead({
    started,
    write: (claims, inside) => store.leases.claim(PUSH_LEASE, claims, inside),
  });
  const alarmSender = new HttpSender(services.pushPolicy, {
    timeoutMs: services.config.pushTimeoutMs,
  });
  const alarmPush = new AlarmPush({
    targets: unsealedTargets(store.pushTargets, services.sealer),
    sender: alarmSender,
    deliveryLog: services.deliveryLog,
    logger,
    clock: Date.now,
    started: await store.leases.claims(ALARM_PUSH_CLAIMS),
    claim: (claims) => store.leases.claim(ALARM_PUSH_CLAIMS, claims),
  });
  let handled = from;
  let saved = from;
  const follower = new LogFollower({
    bus,
    log: store.eventLog,
    from,
    async handle(event) {
      if (event.pushChanged !== undefined) await push.configurationChanged(event.pushChanged);
      if (event.alarms) {
        await alarmPush.handle(event.seq, event.alarms);
        await services.notifications.handle(event.alarms);
      }
      events.published(event.readings, event.seq);
      handled = event.seq;
    },
    onError: (error) => logger.warn({ err: error }, 'push: the event log could not be read'),
  });
  // Stored now and then, not per event: a cursor behind the truth only makes the next holder
  // read a little more again (its claims say what not to send).
  const saveCursor = async () => {
    const waiting = push.lowestWaiting();
    const safe = waiting === undefined ? handled : Math.min(handled, waiting - 1);
    if (safe <= saved) return;
    await store.leases.setCursor(PUSH_LEASE, holder, safe);
    saved = safe;
  };
  const cursorTimer = setInterval(() => {
    saveCursor().catch((error: unknown) =>
      logger.warn({ err: error }, 'push: how far it got could not be stored'),
    );
  }, CURSOR_SAVE_MS);
  cursorTimer.unref();
  const trim = setInterval(() => {
    store.eventLog
      .trim(services.now() - EVENT_LOG_KEPT_MS)
      .catch((error: unknown) => logger.warn({ err: error }, 'push: event log not trimmed'));
  }, 60_000);
  trim.unref();
  return async () => {
    clearInterval(trim);
    clearInterval(cursorTimer);
    await follower.stop();
    await alarmPush.close();
    alarmSender.close();
    await saveCursor().catch(() => undefined);
    // What was not started here, the next holder reads again from the log.
    push.follow();
  };
}
