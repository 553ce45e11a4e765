import { randomUUID } from 'node:crypto';
import type { EventHub, PublishedReading } from '../events.ts';
import type { Timeslices } from '../history/timeslices.ts';
import type { PushTarget, PushTargetStore } from '../store/push-targets.ts';
import type { DeliveryLog } from './delivery-log.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { Metrics } from '../http/metrics.ts';
import { failed, type PreparedSend, type SendOutcome } from './http-sender.ts';
import { signDelivery, signingKey, type WebhookHeaders } from './signing.ts';
import { MAX_EVENTS_PER_DELIVERY, MAX_IN_FLIGHT, MAX_PENDING_EVENTS } from './limits.ts';
import { before, type Position } from '../store/leases.ts';
import { ClaimWriter, type ClaimWrite } from './claims.ts';

interface Sender {
  send(url: URL, headers: Record<string, string>, body: string): Promise<SendOutcome>;
  /** Opens the connection first, so that claim and send are one step (HttpSender.prepare). */
  prepare?(url: URL, headers: Record<string, string>, body: string): Promise<PreparedSend>;
  close(): void;
}

/** How a delivery's start ended: sent (its outcome follows), or why not. */
type Start =
  | { kind: 'sent'; target: PushTarget; id: string; at: number; outcome: Promise<SendOutcome> }
  | { kind: 'back'; error?: unknown }
  | { kind: 'removed' }
  | { kind: 'gone' };

export interface DispatcherOptions {
  events: Pick<EventHub, 'onPublished'>;
  targets: Pick<PushTargetStore, 'find' | 'configuredChannelIds'>;
  history: Pick<Timeslices, 'learn' | 'sliceHead' | 'sliceJson'>;
  deliveryLog: Pick<DeliveryLog, 'add' | 'flush'>;
  sender: Sender;
  logger: CloudLogger;
  metrics?: Pick<Metrics, 'deliveries'>;
  /** Wall clock: receivers check webhook-timestamp against theirs. */
  clock?: () => number;
}

/** An event waiting: its timeslice JSON text and where its reading is in the event log. */
interface Waiting {
  json: string;
  /** Unknown for readings published without a log number (tests of the dispatcher alone). */
  at: Position | undefined;
}

/** Readings that arrived together, with the log number of the event that brought them. */
interface Arrival {
  readings: (PublishedReading & { at: Position | undefined })[];
  seq: number | undefined;
}

/**
 * While this instance holds push's lease: what the last holders already started per channel
 * (skipped when the log is read again), and where to record what this one starts.
 */
export interface Claims {
  started: ReadonlyMap<number, Position>;
  write: ClaimWrite;
}

/** How long work the database did not answer waits before trying again. */
const RETRY_MS = 500;

/** What waits to be delivered for one channel. */
interface ChannelQueue {
  channelId: number;
  /** Timeslice JSON texts, oldest first. */
  events: Waiting[];
  /** When the oldest waiting event arrived. */
  firstAt: number;
  /** Events left out since the last delivery. */
  dropped: number;
  interval: number;
  inFlight: number;
  /** Deliveries allowed in flight: CHANNEL_IN_FLIGHT, or 1 while the receiver fails. */
  limit: number;
  /** A batch gathered for an interval N > 0 that became 0: the next delivery takes all of it. */
  waited: boolean;
  /** Settles when the last delivery taken went to the claims (or back): the next may go. */
  turn: Promise<void>;
  ready: boolean;
  timer: NodeJS.Timeout | undefined;
}

const LOG_FLUSH_MS = 250;
const FAILURE_LOG_EVERY_MS = 10_000;
/** Deliveries of one channel in flight at once at interval 0 (one at a time for batches). */
export const CHANNEL_IN_FLIGHT = 16;

/**
 * Turns published readings into deliveries. Ingestion only hands over its batch (the work runs
 * after its answer is on its way). At interval 0 each event is a delivery of its own, with up to
 * CHANNEL_IN_FLIGHT of a channel's deliveries in flight (1 after a failed one, until one
 * succeeds); events that find no free slot wait for one, each still in a delivery of its own
 * (a new holder's backlog too). So a slow receiver holds few connections, while every other
 * channel goes on at its own pace. Waiting events are bounded per channel and in total; beyond
 * that the oldest are dropped and counted in the next delivery's log entry (one attempt per
 * event: a receiver that misses events reads them through history).
 */
export class PushDispatcher {
  private readonly options: DispatcherOptions;
  private readonly clock: () => number;
  private readonly queues = new Map<number, ChannelQueue>();
  private readonly readyQueue: ChannelQueue[] = [];
  /** Per channel: when a failure was last logged, and how many were not logged since. */
  private readonly failuresLogged = new Map<number, { at: number; notLogged: number }>();
  private incoming: Arrival[] = [];
  /** Log numbers of what is between arrival and the queues (a drain), or being claimed. */
  private readonly unqueued = new Map<number, number>();
  private claims: { started: Map<number, Position>; writer: ClaimWriter } | undefined;
  private drainScheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  private draining: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | undefined;
  private pendingTotal = 0;
  private inFlight = 0;
  /** Deliveries under way, which closing waits for. */
  private readonly sending = new Set<Promise<void>>();
  private pumping = false;
  private closed = false;
  /** Channels with a push configuration: the only ones whose readings are taken. */
  private readonly configured: Set<number>;
  private readonly unsubscribe: () => void;

  /** Starts dispatching, for the channels that have a push configuration now. */
  static async start(options: DispatcherOptions): Promise<PushDispatcher> {
    return new PushDispatcher(options, await options.targets.configuredChannelIds());
  }

  private constructor(options: DispatcherOptions, configured: readonly number[]) {
    this.options = options;
    this.clock = options.clock ?? Date.now;
    this.configured = new Set(configured);
    this.unsubscribe = options.events.onPublished((readings, seq) => this.accept(readings, seq));
  }

  /**
   * This instance now delivers for the cloud (it took push's lease): events at or before a
   * channel's claim were started by an earlier holder and are skipped; each delivery from now on
   * records its claim before it is sent. docs/decisions/0026-push-exactly-once.md.
   */
  lead(claims: Claims): void {
    this.claims?.writer.stop();
    const writer = new ClaimWriter(claims.write, (error) =>
      this.options.logger.warn({ err: error }, 'push: sent, but its claim waits to be written'),
    );
    this.claims = { started: new Map(claims.started), writer };
  }

  /**
   * The lease went (or is being given up): every event not yet started is dropped here, since
   * the next holder reads it again from the log; deliveries under way finish.
   */
  follow(): void {
    this.claims?.writer.stop();
    this.claims = undefined;
    this.incoming = [];
    for (const queue of [...this.queues.values()]) this.discard(queue);
    this.readyQueue.length = 0;
  }

  /**
   * The lowest log number with an event not yet started here (waiting, arriving or being
   * claimed), or undefined when nothing waits: push's stored cursor must stay below it.
   */
  lowestWaiting(): number | undefined {
    let lowest = Infinity;
    for (const arrival of this.incoming)
      if (arrival.seq !== undefined) lowest = Math.min(lowest, arrival.seq);
    for (const seq of this.unqueued.keys()) lowest = Math.min(lowest, seq);
    for (const queue of this.queues.values()) {
      const first = queue.events[0]?.at;
      if (first) lowest = Math.min(lowest, first.seq);
    }
    return lowest === Infinity ? undefined : lowest;
  }

  private hold(seq: number | undefined): void {
    if (seq !== undefined) this.unqueued.set(seq, (this.unqueued.get(seq) ?? 0) + 1);
  }

  private letGo(seq: number | undefined): void {
    if (seq === undefined) return;
    const left = (this.unqueued.get(seq) ?? 0) - 1;
    if (left > 0) this.unqueued.set(seq, left);
    else this.unqueued.delete(seq);
  }

  /** Reads again which channels have push (a new holder of the lease, which others changed). */
  async reload(): Promise<void> {
    const ids = await this.options.targets.configuredChannelIds();
    this.configured.clear();
    for (const id of ids) this.configured.add(id);
  }

  /** Call after a channel's push configuration was set or removed (from the event log). */
  async configurationChanged(channelId: number): Promise<void> {
    const target = await this.options.targets.find(channelId);
    if (target) this.configured.add(channelId);
    else this.configured.delete(channelId);
    const queue = this.queues.get(channelId);
    if (!queue) return;
    if (!target) {
      this.discard(queue);
      return;
    }
    queue.interval = target.interval;
    // A batch that was gathered for an interval goes as one delivery, also when it becomes 0.
    if (queue.events.length > 0) queue.waited = true;
    if (queue.timer) {
      clearTimeout(queue.timer);
      queue.timer = undefined;
      this.schedule(queue);
    }
  }

  /**
   * Stops taking events; deliveries under way finish (each within its time limit) and are
   * logged, events still waiting are dropped (one attempt each: receivers read history).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    clearImmediate(this.drainScheduled as NodeJS.Immediate | undefined);
    clearTimeout(this.drainScheduled as NodeJS.Timeout | undefined);
    for (const queue of this.queues.values()) clearTimeout(queue.timer);
    this.queues.clear();
    await Promise.allSettled([...this.sending]);
    clearTimeout(this.flushTimer);
    this.options.sender.close();
    await this.options.deliveryLog.flush();
  }

  /** Runs inside ingestion: only notes which readings concern a channel with push. */
  /** Whether any of these readings reaches a channel with push. */
  concerns(readings: readonly Pick<PublishedReading, 'channelIds'>[]): boolean {
    if (this.configured.size === 0) return false;
    return readings.some((r) => r.channelIds.some((id) => this.configured.has(id)));
  }

  private accept(readings: readonly PublishedReading[], seq: number | undefined): void {
    if (this.closed || this.configured.size === 0) return;
    const wanted: Arrival['readings'] = [];
    readings.forEach((reading, idx) => {
      const at = seq === undefined ? undefined : { seq, idx };
      const started = this.claims?.started;
      const channelIds = reading.channelIds.filter((id) => {
        if (!this.configured.has(id)) return false;
        // Started by an earlier holder of the lease (one attempt per event): not again.
        const claimed = started?.get(id);
        return !(at && claimed && !before(claimed, at));
      });
      if (channelIds.length > 0) wanted.push({ ...reading, channelIds, at });
    });
    if (wanted.length === 0) return;
    this.incoming.push({ readings: wanted, seq });
    this.scheduleDrain();
  }

  private scheduleDrain(afterMs = 0): void {
    if (this.drainScheduled || this.closed) return;
    const run = () => {
      this.drainScheduled = undefined;
      this.draining = this.draining.then(() => this.drain());
    };
    this.drainScheduled = afterMs === 0 ? setImmediate(run) : setTimeout(run, afterMs).unref();
  }

  /** Queues what arrived, in arrival order (one drain at a time). */
  private async drain(): Promise<void> {
    const arrivals = this.incoming;
    this.incoming = [];
    const claims = this.claims;
    for (const arrival of arrivals) this.hold(arrival.seq);
    try {
      const { targets, history } = this.options;
      const readings = arrivals.flatMap((arrival) => arrival.readings);
      const channelIds = new Set(readings.flatMap((reading) => reading.channelIds));
      const known = new Map<number, { target: PushTarget; head: string }>();
      for (const channelId of channelIds) {
        const target = await targets.find(channelId);
        if (target) known.set(channelId, { target, head: history.sliceHead(target) });
      }
      await history.learn(readings.map((r) => [r.sensorId, r.gatewayId] as const));
      // Closed, or the lease went meanwhile: the next holder reads these again.
      if (this.closed || this.claims !== claims) return;
      for (const reading of readings) {
        for (const channelId of reading.channelIds) {
          const entry = known.get(channelId);
          if (entry) {
            this.enqueue(entry.target, {
              json: history.sliceJson(entry.head, reading),
              at: reading.at,
            });
          }
        }
      }
    } catch (error) {
      // The database did not answer: what arrived waits and is queued a little later (in
      // order, before what came meanwhile), not lost.
      this.options.logger.warn({ err: error }, 'push: events could not be queued yet; they wait');
      if (this.claims === claims && !this.closed) {
        this.incoming = [...arrivals, ...this.incoming];
        this.scheduleDrain(RETRY_MS);
      }
    } finally {
      for (const arrival of arrivals) this.letGo(arrival.seq);
    }
  }

  private enqueue(target: PushTarget, slice: Waiting): void {
    let queue = this.queues.get(target.channelId);
    if (!queue) {
      queue = {
        channelId: target.channelId,
        events: [],
        firstAt: 0,
        dropped: 0,
        interval: target.interval,
        inFlight: 0,
        limit: CHANNEL_IN_FLIGHT,
        waited: false,
        turn: Promise.resolve(),
        ready: false,
        timer: undefined,
      };
      this.queues.set(target.channelId, queue);
    }
    queue.interval = target.interval;
    if (this.pendingTotal >= MAX_PENDING_EVENTS) {
      queue.dropped++;
      return;
    }
    if (queue.events.length === 0) queue.firstAt = this.clock();
    queue.events.push(slice);
    this.pendingTotal++;
    // Trimmed in chunks, so that a channel whose receiver lags costs O(1) per event.
    if (queue.events.length > 2 * MAX_EVENTS_PER_DELIVERY) {
      this.dropOldest(queue, queue.events.length - MAX_EVENTS_PER_DELIVERY);
    }
    this.schedule(queue);
  }

  private dropOldest(queue: ChannelQueue, count: number): void {
    queue.events.splice(0, count);
    queue.dropped += count;
    this.pendingTotal -= count;
  }

  /**
   * interval 0: ready while the channel has a free slot; N: ready N seconds after the oldest
   * waiting event arrived, once the previous batch is answered.
   */
  private schedule(queue: ChannelQueue): void {
    if (queue.ready || queue.events.length === 0) return;
    if (queue.interval === 0) {
      // Events that find no free slot wait for one, and still go one per delivery (a new
      // holder's backlog too): the README promises a delivery of its own to each.
      if (queue.inFlight < queue.limit) this.markReady(queue);
      return;
    }
    if (queue.inFlight > 0 || queue.timer) return;
    const due = queue.firstAt + queue.interval * 1000 - this.clock();
    if (due <= 0) {
      this.markReady(queue);
      return;
    }
    queue.timer = setTimeout(() => {
      queue.timer = undefined;
      this.markReady(queue);
    }, due);
    queue.timer.unref();
  }

  private markReady(queue: ChannelQueue): void {
    if (this.closed) return;
    queue.ready = true;
    this.readyQueue.push(queue);
    this.pump();
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    while (this.inFlight < MAX_IN_FLIGHT && this.readyQueue.length > 0) {
      const queue = this.readyQueue.shift();
      if (!queue) break;
      queue.ready = false;
      const delivery = this.deliver(queue);
      this.sending.add(delivery);
      void delivery.finally(() => this.sending.delete(delivery));
    }
    this.pumping = false;
  }

  private async deliver(queue: ChannelQueue): Promise<void> {
    if (this.queues.get(queue.channelId) !== queue) {
      this.discard(queue);
      return;
    }
    if (queue.events.length === 0) return;
    if (queue.events.length > MAX_EVENTS_PER_DELIVERY) {
      this.dropOldest(queue, queue.events.length - MAX_EVENTS_PER_DELIVERY);
    }
    const single = queue.interval === 0 && !queue.waited;
    const events = single ? queue.events.splice(0, 1) : queue.events;
    if (!single) queue.events = [];
    queue.waited = false;
    const dropped = queue.dropped;
    queue.dropped = 0;
    this.pendingTotal -= events.length;
    queue.inFlight++;
    this.inFlight++;
    // The other waiting events of the channel may take its other slots.
    this.schedule(queue);
    // A channel's deliveries go to the claims in the order they were taken (claims.ts).
    const previous = queue.turn;
    let myTurn: () => void = () => undefined;
    queue.turn = new Promise<void>((resolve) => (myTurn = resolve));
    // Until claimed, these keep the stored cursor below them (lowestWaiting).
    const first = events[0]?.at?.seq;
    this.hold(first);
    let start: Start;
    try {
      start = await this.start(queue.channelId, events, previous, myTurn);
    } catch (error) {
      start = { kind: 'back', error };
    } finally {
      myTurn();
      this.letGo(first);
    }
    if (start.kind === 'back') {
      this.putBack(queue, events, start.error);
      return;
    }
    if (start.kind !== 'sent') {
      queue.inFlight--;
      this.inFlight--;
      // Removed: forgotten. Not sent because the lease went: the next holder reads them again.
      if (start.kind === 'removed') this.discard(queue);
      this.pump();
      return;
    }
    const outcome = await start.outcome;
    this.inFlight--;
    queue.inFlight--;
    this.record(start.target, {
      id: start.id,
      at: start.at,
      events: events.length,
      dropped,
      outcome,
    });
    if (this.closed) return;
    queue.limit = outcome.error === undefined ? CHANNEL_IN_FLIGHT : 1;

    if (queue.events.length > 0) this.schedule(queue);
    else if (
      queue.inFlight === 0 &&
      queue.dropped === 0 &&
      // A failing channel's queue stays, with its limit of one, until a delivery succeeds.
      queue.limit === CHANNEL_IN_FLIGHT &&
      this.queues.get(queue.channelId) === queue
    ) {
      this.queues.delete(queue.channelId);
    }
    this.pump();
  }

  /**
   * Builds a delivery, opens its connection, and (once the channel's earlier deliveries went to
   * the claims) claims and sends it in one step. `registered` says the next delivery of the
   * channel may go to the claims.
   */
  private async start(
    channelId: number,
    events: readonly Waiting[],
    previous: Promise<void>,
    registered: () => void,
  ): Promise<Start> {
    const lease = this.claims;
    // Read now, so that a changed or removed configuration applies to this delivery.
    const target = await this.options.targets.find(channelId);
    if (!target) return { kind: 'removed' };
    const body =
      `{"channelUuid":"${target.uuid}","channelName":${JSON.stringify(target.name)},` +
      `"events":[${events.map((event) => event.json).join(',')}]}`;
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    const at = this.clock();
    const headers = signDelivery(signingKey(target.secret), id, Math.floor(at / 1000), body);
    const prepared = await this.prepare(target.url, headers, body);
    await previous;
    const sent = { kind: 'sent', target, id, at, outcome: prepared.outcome } as const;
    const last = events[events.length - 1]?.at;
    if (!lease || !last) {
      // Not delivering under a lease (the dispatcher alone, in tests): nothing to claim.
      prepared.fire();
      return sent;
    }
    const launched = lease.writer.launch({
      key: channelId,
      position: last,
      // Still ours, and no earlier event of the channel went back to wait meanwhile (a claim
      // would cover it).
      ready: () => this.claims === lease && !this.closed && !this.earlierWaiting(channelId, last),
      fire: prepared.fire,
    });
    registered();
    let went: boolean;
    try {
      went = await launched;
    } catch (error) {
      prepared.cancel();
      return { kind: 'back', error };
    }
    if (went) return sent;
    prepared.cancel();
    return this.claims === lease && !this.closed ? { kind: 'back' } : { kind: 'gone' };
  }

  private earlierWaiting(channelId: number, last: Position): boolean {
    const head = this.queues.get(channelId)?.events[0]?.at;
    return head !== undefined && before(head, last);
  }

  /** Opens the delivery's connection; `fire` then writes it (see HttpSender.prepare). */
  private async prepare(url: string, headers: WebhookHeaders, body: string): Promise<PreparedSend> {
    const { sender } = this.options;
    if (sender.prepare) {
      try {
        return await sender.prepare(new URL(url), { ...headers }, body);
      } catch {
        return failed({ error: 'the delivery could not be sent', durationMs: 0 });
      }
    }
    // A sender that only sends: it sends when fired.
    let settle: (outcome: SendOutcome) => void = () => undefined;
    const outcome = new Promise<SendOutcome>((resolve) => (settle = resolve));
    let done = false;
    return {
      fire: () => {
        if (done) return;
        done = true;
        void this.send(url, headers, body).then(settle);
      },
      cancel: () => {
        if (done) return;
        done = true;
        settle({ error: 'not sent', durationMs: 0 });
      },
      outcome,
    };
  }

  /** A delivery that could not start (the database is away): its events wait, in log order. */
  private putBack(queue: ChannelQueue, events: Waiting[], error: unknown): void {
    queue.inFlight--;
    this.inFlight--;
    if (this.claims !== undefined && this.queues.get(queue.channelId) === queue && !this.closed) {
      // Back in log order (deliveries that failed together come back in any order).
      queue.events = [...events, ...queue.events].sort(inLogOrder);
      this.pendingTotal += events.length;
      // A batch goes again as one batch; at interval 0 each event again goes on its own.
      if (queue.interval > 0 || events.length > 1) queue.waited = true;
      clearTimeout(queue.timer);
      queue.timer = setTimeout(() => {
        queue.timer = undefined;
        if (!queue.ready) this.markReady(queue);
      }, RETRY_MS);
      queue.timer.unref();
    }
    if (error !== undefined) {
      this.options.logger.warn({ err: error }, 'push: a delivery could not start yet; it waits');
    }
    this.pump();
  }

  private async send(url: string, headers: WebhookHeaders, body: string): Promise<SendOutcome> {
    try {
      return await this.options.sender.send(new URL(url), { ...headers }, body);
    } catch {
      return { error: 'the delivery could not be sent', durationMs: 0 };
    }
  }

  private record(
    target: PushTarget,
    delivery: { id: string; at: number; events: number; dropped: number; outcome: SendOutcome },
  ): void {
    const { outcome } = delivery;
    const ok = outcome.error === undefined;
    this.options.metrics?.deliveries.inc({ outcome: ok ? 'delivered' : 'failed' });
    this.options.deliveryLog.add({
      channelId: target.channelId,
      id: delivery.id,
      at: delivery.at,
      to: target.url,
      events: delivery.events,
      dropped: delivery.dropped,
      ok,
      ...(outcome.status !== undefined ? { status: outcome.status } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      durationMs: outcome.durationMs,
    });
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      if (!this.closed) void this.options.deliveryLog.flush();
    }, LOG_FLUSH_MS).unref();
    if (!ok) this.logFailure(target, delivery.events, outcome);
  }

  /** A receiver that is down fails every delivery; one line per channel every 10 s says so. */
  private logFailure(target: PushTarget, events: number, outcome: SendOutcome): void {
    const now = this.clock();
    const last = this.failuresLogged.get(target.channelId);
    if (last && now - last.at < FAILURE_LOG_EVERY_MS) {
      last.notLogged++;
      return;
    }
    this.options.logger.warn(
      {
        channel: target.uuid,
        host: safeHost(target.url),
        status: outcome.status,
        error: outcome.error,
        events,
        failuresNotLogged: last?.notLogged ?? 0,
      },
      'push delivery failed; not retried',
    );
    this.failuresLogged.set(target.channelId, { at: now, notLogged: 0 });
    if (this.failuresLogged.size > 10_000) {
      for (const [channelId, entry] of this.failuresLogged) {
        if (now - entry.at >= FAILURE_LOG_EVERY_MS) this.failuresLogged.delete(channelId);
      }
    }
  }

  private discard(queue: ChannelQueue): void {
    clearTimeout(queue.timer);
    queue.timer = undefined;
    this.pendingTotal -= queue.events.length;
    queue.events = [];
    queue.dropped = 0;
    if (this.queues.get(queue.channelId) === queue) this.queues.delete(queue.channelId);
  }
}

function inLogOrder(a: Waiting, b: Waiting): number {
  if (!a.at || !b.at) return 0;
  return before(a.at, b.at) ? -1 : before(b.at, a.at) ? 1 : 0;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid address';
  }
}
