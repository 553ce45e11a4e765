import type { EventHub, PublishedReading } from '../events.ts';
import type { Timeslices } from '../history/timeslices.ts';
import type { PushTarget, PushTargetStore } from '../store/push-targets.ts';
import type { DeliveryLog } from './delivery-log.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { Metrics } from '../http/metrics.ts';
import type { SendOutcome } from './http-sender.ts';
import type { Position } from '../store/leases.ts';
import { Arrivals } from './arrivals.ts';
import {
  CHANNEL_IN_FLIGHT,
  ChannelQueues,
  type ChannelQueue,
  type Waiting,
} from './channel-queues.ts';
import { DeliveryRecorder } from './delivery-recorder.ts';
import { DeliverySchedule } from './delivery-schedule.ts';
import { LeaseClaims, type Claims } from './lease-claims.ts';
import { compose, prepare, type Sender } from './prepared-delivery.ts';

export { CHANNEL_IN_FLIGHT } from './channel-queues.ts';
export type { Claims } from './lease-claims.ts';

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

/**
 * Turns published readings into deliveries. Ingestion only hands over its batch (the work runs
 * after its answer is on its way). At interval 0 each event is a delivery of its own, with up to
 * CHANNEL_IN_FLIGHT of a channel's deliveries in flight (1 after a failed one, until one
 * succeeds); events that find no free slot wait for one, each still in a delivery of its own
 * (a new holder's backlog too). So a slow receiver holds few connections, while every other
 * channel goes on at its own pace. Waiting events are bounded per channel and in total; beyond
 * that the oldest are dropped and counted in the next delivery's log entry (one attempt per
 * event: a receiver that misses events reads them through history).
 *
 * Its rooms: arrivals.ts (readings to the queues), channel-queues.ts (what waits per channel),
 * delivery-schedule.ts (when a channel's next delivery goes), lease-claims.ts (the lease and
 * its claims), prepared-delivery.ts (message and connection), delivery-recorder.ts (the
 * delivery log). This file ties one delivery's steps together.
 */
export class PushDispatcher {
  private readonly options: DispatcherOptions;
  private readonly clock: () => number;
  private readonly queues = new ChannelQueues();
  private readonly leases: LeaseClaims;
  private readonly arrivals: Arrivals;
  private readonly schedule: DeliverySchedule;
  private readonly recorder: DeliveryRecorder;
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
    const isClosed = () => this.closed;
    this.leases = new LeaseClaims(options.logger);
    this.schedule = new DeliverySchedule({
      clock: this.clock,
      isClosed,
      deliver: (queue) => this.deliver(queue),
    });
    this.recorder = new DeliveryRecorder({
      deliveryLog: options.deliveryLog,
      logger: options.logger,
      metrics: options.metrics,
      clock: this.clock,
      isClosed,
    });
    this.arrivals = new Arrivals({
      targets: options.targets,
      history: options.history,
      logger: options.logger,
      leases: this.leases,
      isClosed,
      isConfigured: (id) => this.configured.has(id),
      enqueue: (target, slice) => {
        const queue = this.queues.enqueue(target, slice, this.clock());
        if (queue) this.schedule.schedule(queue);
      },
    });
    this.unsubscribe = options.events.onPublished((readings, seq) => this.accept(readings, seq));
  }

  /**
   * This instance now delivers for the cloud (it took push's lease): events at or before a
   * channel's claim were started by an earlier holder and are skipped; each delivery from now on
   * records its claim before it is sent. docs/decisions/0026-push-exactly-once.md.
   */
  lead(claims: Claims): void {
    this.leases.lead(claims);
  }

  /**
   * The lease went (or is being given up): every event not yet started is dropped here, since
   * the next holder reads it again from the log; deliveries under way finish.
   */
  follow(): void {
    this.leases.follow();
    this.arrivals.clear();
    this.queues.discardAll();
    this.schedule.clear();
  }

  /**
   * The lowest log number with an event not yet started here (waiting, arriving or being
   * claimed), or undefined when nothing waits: push's stored cursor must stay below it.
   */
  lowestWaiting(): number | undefined {
    const lowest = Math.min(
      this.arrivals.lowestSeq(),
      this.leases.lowestHeld(),
      this.queues.lowestSeq(),
    );
    return lowest === Infinity ? undefined : lowest;
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
      this.queues.discard(queue);
      return;
    }
    queue.interval = target.interval;
    // A batch that was gathered for an interval goes as one delivery, also when it becomes 0.
    if (queue.events.length > 0) queue.waited = true;
    this.schedule.reschedule(queue);
  }

  /**
   * Stops taking events; deliveries under way finish (each within its time limit) and are
   * logged, events still waiting are dropped (one attempt each: receivers read history).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.arrivals.close();
    this.queues.clear();
    await this.schedule.settled();
    this.options.sender.close();
    await this.recorder.close();
  }

  /** Whether any of these readings reaches a channel with push. */
  concerns(readings: readonly Pick<PublishedReading, 'channelIds'>[]): boolean {
    if (this.configured.size === 0) return false;
    return readings.some((r) => r.channelIds.some((id) => this.configured.has(id)));
  }

  private accept(readings: readonly PublishedReading[], seq: number | undefined): void {
    if (this.closed || this.configured.size === 0) return;
    this.arrivals.accept(readings, seq);
  }

  private async deliver(queue: ChannelQueue): Promise<void> {
    if (!this.queues.isCurrent(queue)) {
      this.queues.discard(queue);
      return;
    }
    if (queue.events.length === 0) return;
    const { events, dropped } = this.queues.take(queue);
    this.schedule.taken(queue);
    // The other waiting events of the channel may take its other slots.
    this.schedule.schedule(queue);
    // A channel's deliveries go to the claims in the order they were taken (claims.ts).
    const previous = queue.turn;
    let myTurn: () => void = () => undefined;
    queue.turn = new Promise<void>((resolve) => (myTurn = resolve));
    // Until claimed, these keep the stored cursor below them (lowestWaiting).
    const first = events[0]?.at?.seq;
    this.leases.hold(first);
    let start: Start;
    try {
      start = await this.start(queue.channelId, events, previous, myTurn);
    } catch (error) {
      start = { kind: 'back', error };
    } finally {
      myTurn();
      this.leases.letGo(first);
    }
    if (start.kind === 'back') {
      this.putBack(queue, events, start.error);
      return;
    }
    if (start.kind !== 'sent') {
      this.schedule.finished(queue);
      // Removed: forgotten. Not sent because the lease went: the next holder reads them again.
      if (start.kind === 'removed') this.queues.discard(queue);
      this.schedule.pump();
      return;
    }
    const outcome = await start.outcome;
    this.schedule.finished(queue);
    this.recorder.record(start.target, {
      id: start.id,
      at: start.at,
      events: events.length,
      dropped,
      outcome,
    });
    if (this.closed) return;
    queue.limit = outcome.error === undefined ? CHANNEL_IN_FLIGHT : 1;
    if (queue.events.length > 0) this.schedule.schedule(queue);
    else this.queues.forgetIfIdle(queue);
    this.schedule.pump();
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
    const holding = this.leases.current;
    // Read now, so that a changed or removed configuration applies to this delivery.
    const target = await this.options.targets.find(channelId);
    if (!target) return { kind: 'removed' };
    const message = compose(target, events, this.clock());
    const prepared = await prepare(this.options.sender, target.url, message);
    await previous;
    const { id, at } = message;
    const sent = { kind: 'sent', target, id, at, outcome: prepared.outcome } as const;
    const last: Position | undefined = events[events.length - 1]?.at;
    if (!holding || !last) {
      // Not delivering under a lease (the dispatcher alone, in tests): nothing to claim.
      prepared.fire();
      return sent;
    }
    const stillOurs = () => this.leases.current === holding && !this.closed;
    const launched = this.leases.launch(holding, {
      key: channelId,
      position: last,
      // Still ours, and no earlier event of the channel went back to wait meanwhile (a claim
      // would cover it).
      ready: () => stillOurs() && !this.queues.earlierWaiting(channelId, last),
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
    return stillOurs() ? { kind: 'back' } : { kind: 'gone' };
  }

  /** A delivery that could not start (the database is away): its events wait, in log order. */
  private putBack(queue: ChannelQueue, events: Waiting[], error: unknown): void {
    this.schedule.finished(queue);
    if (this.leases.current !== undefined && this.queues.isCurrent(queue) && !this.closed) {
      this.queues.putBack(queue, events);
      this.schedule.retry(queue);
    }
    if (error !== undefined) {
      this.options.logger.warn({ err: error }, 'push: a delivery could not start yet; it waits');
    }
    this.schedule.pump();
  }
}
