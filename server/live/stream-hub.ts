import type { CloudLogger } from '../cloud-logger.ts';
import type { EventBus } from '../events/event-bus.ts';
import { LogFollower } from '../events/follower.ts';
import type { Timeslices } from '../history/timeslices.ts';
import type { EventLogStore, LoggedEvent, LoggedReading } from '../store/event-log.ts';
import { inScope, type StreamScope } from './stream-scope.ts';
import type { AlarmEvent } from '../alarms/alarm-json.ts';

/** A hub without streams stops following the log after this long (a reconnect comes soon). */
const IDLE_MS = 10_000;

/** What one logged batch brings one stream. */
export interface Delivery {
  seq: number;
  /** When the batch was logged. */
  at: number;
  /** The readings of the batch in the stream's scope, in the order they were stored. */
  readings: readonly LoggedReading[];
  /** Those readings as a JSON array of timeslices shaped for the stream (made once, shared). */
  json(): string;
  /** Alarms of the batch in the stream's scope, each as `{"type", "alarm"}` JSON (issue 24). */
  alarms: readonly string[];
}

/** An alarm change as a stream's `alarm` event carries it. */
export const alarmJson = (event: AlarmEvent) =>
  JSON.stringify({ type: event.type, alarm: event.alarm });

export interface HubSubscriber {
  deliver(delivery: Delivery): void;
  heartbeat(at: number): void;
  /** The instance is stopping: the stream says so and ends. */
  end(reason: 'shutdown'): void;
}

/** Where a new stream joins the log: every batch after `seq` reaches it. */
export interface Subscription {
  seq: number;
  /** When `seq` was logged (or, when the hub started at it, when it started). */
  at: number;
  /** A new scope for the same stream (permissions looked at again). */
  rescope(scope: StreamScope): void;
  unsubscribe(): void;
}

interface Registration {
  scope: StreamScope;
  subscriber: HubSubscriber;
  active: boolean;
}

/**
 * The live streams of this instance, fed by one reader of the event log (the log every instance
 * follows: events/follower.ts, woken by the event bus: LISTEN/NOTIFY on PostgreSQL). However many
 * streams are open, each logged batch is read from the database once per instance, matched to
 * the streams it concerns, and shaped once per channel; the streams only write. The reader runs
 * while streams are open.
 */
export class StreamHub {
  private readonly bus: EventBus;
  private readonly log: Pick<EventLogStore, 'after' | 'latest'>;
  private readonly timeslices: Pick<
    Timeslices,
    'learn' | 'sliceHead' | 'sliceJson' | 'nodeSliceJson'
  >;
  private readonly logger: CloudLogger;
  private readonly now: () => number;
  private readonly heartbeatMs: number;
  private readonly byChannel = new Map<number, Set<Registration>>();
  private readonly fleet = new Set<Registration>();
  private follower: LogFollower | undefined;
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private heartbeats: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private dispatched = 0;
  private dispatchedAt = 0;
  private count = 0;
  private closed = false;

  constructor(options: {
    bus: EventBus;
    log: Pick<EventLogStore, 'after' | 'latest'>;
    timeslices: Pick<Timeslices, 'learn' | 'sliceHead' | 'sliceJson' | 'nodeSliceJson'>;
    logger: CloudLogger;
    now: () => number;
    /** Under 30 s, which proxies and balancers commonly take for a dead connection. */
    heartbeatMs: number;
  }) {
    this.heartbeatMs = options.heartbeatMs;
    this.bus = options.bus;
    this.log = options.log;
    this.timeslices = options.timeslices;
    this.logger = options.logger;
    this.now = options.now;
  }

  /** Streams open on this instance. */
  get size(): number {
    return this.count;
  }

  async subscribe(scope: StreamScope, subscriber: HubSubscriber): Promise<Subscription> {
    if (this.closed) throw new Error('the cloud is shutting down');
    clearTimeout(this.idle);
    this.idle = undefined;
    await this.stopping;
    this.starting ??= this.start();
    await this.starting;
    const registration: Registration = { scope, subscriber, active: true };
    this.add(registration);
    this.count++;
    return {
      seq: this.dispatched,
      at: this.dispatchedAt,
      rescope: (next) => {
        if (!registration.active) return;
        this.remove(registration);
        registration.scope = next;
        this.add(registration);
      },
      unsubscribe: () => {
        if (!registration.active) return;
        registration.active = false;
        this.remove(registration);
        this.count--;
        if (this.count === 0 && !this.closed) {
          this.idle = setTimeout(() => void this.stopFollowing(), IDLE_MS);
          this.idle.unref();
        }
      },
    };
  }

  /** The readings as a JSON array of timeslices for a stream of `scope` (replays use it). */
  async shape(scope: StreamScope, readings: readonly LoggedReading[]): Promise<string> {
    await this.timeslices.learn(readings.map((r) => [r.sensorId, r.gatewayId] as const));
    if (scope.kind === 'fleet') {
      return '[' + readings.map((r) => this.timeslices.nodeSliceJson(r)).join(',') + ']';
    }
    const head = this.timeslices.sliceHead(scope.channel);
    return '[' + readings.map((r) => this.timeslices.sliceJson(head, r)).join(',') + ']';
  }

  /** Ends every stream (they say why, so clients reconnect elsewhere) and stops reading the log. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idle);
    for (const registration of [...this.registrations()]) {
      registration.subscriber.end('shutdown');
    }
    await this.stopFollowing();
  }

  private *registrations(): Iterable<Registration> {
    for (const set of this.byChannel.values()) yield* set;
    yield* this.fleet;
  }

  private add(registration: Registration): void {
    const { scope } = registration;
    if (scope.kind === 'fleet') {
      this.fleet.add(registration);
      return;
    }
    let set = this.byChannel.get(scope.channel.id);
    if (!set) this.byChannel.set(scope.channel.id, (set = new Set()));
    set.add(registration);
  }

  private remove(registration: Registration): void {
    const { scope } = registration;
    if (scope.kind === 'fleet') {
      this.fleet.delete(registration);
      return;
    }
    const set = this.byChannel.get(scope.channel.id);
    set?.delete(registration);
    if (set?.size === 0) this.byChannel.delete(scope.channel.id);
  }

  private async start(): Promise<void> {
    const from = await this.log.latest();
    this.dispatched = from;
    this.dispatchedAt = this.now();
    this.follower = new LogFollower({
      bus: this.bus,
      log: this.log,
      from,
      handle: (event) => this.dispatch(event),
      onError: (error) =>
        this.logger.warn({ err: error }, 'live streams: the event log could not be read'),
    });
    this.heartbeats = setInterval(() => {
      const at = this.now();
      for (const registration of this.registrations()) registration.subscriber.heartbeat(at);
    }, this.heartbeatMs);
    this.heartbeats.unref();
  }

  private async stopFollowing(): Promise<void> {
    if (this.count > 0 && !this.closed) return;
    const starting = this.starting;
    if (!starting) return;
    this.starting = undefined;
    this.stopping = (async () => {
      await starting.catch(() => undefined);
      clearInterval(this.heartbeats);
      await this.follower?.stop();
      this.follower = undefined;
    })();
    await this.stopping;
    this.stopping = undefined;
  }

  /**
   * Hands one logged batch to the streams it concerns. Names are learned first (the only wait),
   * then everything happens in one go, so a stream that subscribes meanwhile gets exactly the
   * batches after the number it was given.
   */
  private async dispatch(event: LoggedEvent): Promise<void> {
    if (this.count > 0 && (event.readings.length > 0 || (event.alarms?.length ?? 0) > 0)) {
      await this.timeslices.learn(event.readings.map((r) => [r.sensorId, r.gatewayId] as const));
      this.deliverToChannels(event);
      this.deliverToFleet(event);
    }
    this.dispatched = event.seq;
    this.dispatchedAt = event.at;
  }

  private deliverToChannels(event: LoggedEvent): void {
    if (this.byChannel.size === 0) return;
    const hits = new Map<number, LoggedReading[]>();
    for (const reading of event.readings) {
      for (const channelId of reading.channelIds) {
        if (!this.byChannel.has(channelId)) continue;
        let list = hits.get(channelId);
        if (!list) hits.set(channelId, (list = []));
        list.push(reading);
      }
    }
    const alarmHits = new Map<number, string[]>();
    for (const alarm of event.alarms ?? []) {
      for (const channelId of alarm.channelIds) {
        if (!this.byChannel.has(channelId)) continue;
        let list = alarmHits.get(channelId);
        if (!list) alarmHits.set(channelId, (list = []));
        list.push(alarmJson(alarm));
        if (!hits.has(channelId)) hits.set(channelId, []);
      }
    }
    for (const [channelId, readings] of hits) {
      const registrations = this.byChannel.get(channelId);
      const first = registrations?.values().next().value;
      if (!registrations || first?.scope.kind !== 'channel') continue;
      const head = this.timeslices.sliceHead(first.scope.channel);
      let json: string | undefined;
      const delivery: Delivery = {
        seq: event.seq,
        at: event.at,
        readings,
        json: () =>
          (json ??= '[' + readings.map((r) => this.timeslices.sliceJson(head, r)).join(',') + ']'),
        alarms: alarmHits.get(channelId) ?? [],
      };
      for (const registration of registrations) registration.subscriber.deliver(delivery);
    }
  }

  private deliverToFleet(event: LoggedEvent): void {
    if (this.fleet.size === 0) return;
    const shaped = new Map<LoggedReading, string>();
    const slice = (reading: LoggedReading) => {
      let json = shaped.get(reading);
      if (json === undefined) shaped.set(reading, (json = this.timeslices.nodeSliceJson(reading)));
      return json;
    };
    const alarmsShaped = new Map<AlarmEvent, string>();
    for (const registration of this.fleet) {
      const readings = event.readings.filter((reading) => inScope(registration.scope, reading));
      const alarms = (event.alarms ?? [])
        .filter((alarm) => inScope(registration.scope, alarm))
        .map((alarm) => {
          let json = alarmsShaped.get(alarm);
          if (json === undefined) alarmsShaped.set(alarm, (json = alarmJson(alarm)));
          return json;
        });
      if (readings.length === 0 && alarms.length === 0) continue;
      let json: string | undefined;
      registration.subscriber.deliver({
        seq: event.seq,
        at: event.at,
        readings,
        json: () => (json ??= '[' + readings.map(slice).join(',') + ']'),
        alarms,
      });
    }
  }
}
