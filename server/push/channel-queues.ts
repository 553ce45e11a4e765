import type { PushTarget } from '../store/push-targets.ts';
import { before, type Position } from '../store/leases.ts';
import { MAX_EVENTS_PER_DELIVERY, MAX_PENDING_EVENTS } from './limits.ts';

/** Deliveries of one channel in flight at once at interval 0 (one at a time for batches). */
export const CHANNEL_IN_FLIGHT = 16;

/** An event waiting: its timeslice JSON text and where its reading is in the event log. */
export interface Waiting {
  json: string;
  /** Unknown for readings published without a log number (tests of the dispatcher alone). */
  at: Position | undefined;
}

/** What waits to be delivered for one channel. */
export interface ChannelQueue {
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

/**
 * The waiting events of every channel with push, bounded per channel and in total: beyond that
 * the oldest are dropped and counted in the next delivery's log entry.
 */
export class ChannelQueues {
  private readonly queues = new Map<number, ChannelQueue>();
  private pendingTotal = 0;

  get(channelId: number): ChannelQueue | undefined {
    return this.queues.get(channelId);
  }

  values(): IterableIterator<ChannelQueue> {
    return this.queues.values();
  }

  /** Whether `queue` is still the one of its channel (not discarded or replaced). */
  isCurrent(queue: ChannelQueue): boolean {
    return this.queues.get(queue.channelId) === queue;
  }

  /** Adds an event; false when it was only counted as dropped (the total bound was reached). */
  enqueue(target: PushTarget, slice: Waiting, now: number): ChannelQueue | undefined {
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
      return undefined;
    }
    if (queue.events.length === 0) queue.firstAt = now;
    queue.events.push(slice);
    this.pendingTotal++;
    // Trimmed in chunks, so that a channel whose receiver lags costs O(1) per event.
    if (queue.events.length > 2 * MAX_EVENTS_PER_DELIVERY) {
      this.dropOldest(queue, queue.events.length - MAX_EVENTS_PER_DELIVERY);
    }
    return queue;
  }

  /**
   * Takes the next delivery's events: one at interval 0 (unless a gathered batch waits), else
   * all (at most MAX_EVENTS_PER_DELIVERY), with how many were dropped since the last one.
   */
  take(queue: ChannelQueue): { events: Waiting[]; dropped: number } {
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
    return { events, dropped };
  }

  /** Events of a delivery that could not start wait again, in log order. */
  putBack(queue: ChannelQueue, events: Waiting[]): void {
    // Back in log order (deliveries that failed together come back in any order).
    queue.events = [...events, ...queue.events].sort(inLogOrder);
    this.pendingTotal += events.length;
    // A batch goes again as one batch; at interval 0 each event again goes on its own.
    if (queue.interval > 0 || events.length > 1) queue.waited = true;
  }

  /** Forgets an idle queue (a failing channel's stays, with its limit of one, until it succeeds). */
  forgetIfIdle(queue: ChannelQueue): void {
    if (
      queue.events.length === 0 &&
      queue.inFlight === 0 &&
      queue.dropped === 0 &&
      queue.limit === CHANNEL_IN_FLIGHT &&
      this.isCurrent(queue)
    ) {
      this.queues.delete(queue.channelId);
    }
  }

  /** Whether an event of the channel before `last` waits (a claim up to `last` would cover it). */
  earlierWaiting(channelId: number, last: Position): boolean {
    const head = this.queues.get(channelId)?.events[0]?.at;
    return head !== undefined && before(head, last);
  }

  /** The lowest log number of a waiting event, or Infinity. */
  lowestSeq(): number {
    let lowest = Infinity;
    for (const queue of this.queues.values()) {
      const first = queue.events[0]?.at;
      if (first) lowest = Math.min(lowest, first.seq);
    }
    return lowest;
  }

  private dropOldest(queue: ChannelQueue, count: number): void {
    queue.events.splice(0, count);
    queue.dropped += count;
    this.pendingTotal -= count;
  }

  discard(queue: ChannelQueue): void {
    clearTimeout(queue.timer);
    queue.timer = undefined;
    this.pendingTotal -= queue.events.length;
    queue.events = [];
    queue.dropped = 0;
    if (this.isCurrent(queue)) this.queues.delete(queue.channelId);
  }

  discardAll(): void {
    for (const queue of [...this.queues.values()]) this.discard(queue);
  }

  /** Closing: timers stop and every waiting event is dropped. */
  clear(): void {
    for (const queue of this.queues.values()) clearTimeout(queue.timer);
    this.queues.clear();
  }
}

function inLogOrder(a: Waiting, b: Waiting): number {
  if (!a.at || !b.at) return 0;
  return before(a.at, b.at) ? -1 : before(b.at, a.at) ? 1 : 0;
}
