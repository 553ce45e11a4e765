import { MAX_IN_FLIGHT } from './limits.ts';
import type { ChannelQueue } from './channel-queues.ts';

/** How long work the database did not answer waits before trying again. */
export const RETRY_MS = 500;

export interface ScheduleOptions {
  clock: () => number;
  isClosed: () => boolean;
  /** Sends the next delivery of a ready channel. */
  deliver: (queue: ChannelQueue) => Promise<void>;
}

/**
 * When each channel's next delivery goes: at interval 0 while the channel has a free slot, at
 * interval N N seconds after its oldest waiting event arrived (once the previous batch is
 * answered); ready channels go in turn, at most MAX_IN_FLIGHT deliveries at once in all.
 */
export class DeliverySchedule {
  private readonly options: ScheduleOptions;
  private readonly readyQueue: ChannelQueue[] = [];
  private inFlight = 0;
  private pumping = false;
  /** Deliveries under way, which closing waits for. */
  private readonly sending = new Set<Promise<void>>();

  constructor(options: ScheduleOptions) {
    this.options = options;
  }

  /**
   * interval 0: ready while the channel has a free slot; N: ready N seconds after the oldest
   * waiting event arrived, once the previous batch is answered.
   */
  schedule(queue: ChannelQueue): void {
    if (queue.ready || queue.events.length === 0) return;
    if (queue.interval === 0) {
      // Events that find no free slot wait for one, and still go one per delivery (a new
      // holder's backlog too): the README promises a delivery of its own to each.
      if (queue.inFlight < queue.limit) this.markReady(queue);
      return;
    }
    if (queue.inFlight > 0 || queue.timer) return;
    const due = queue.firstAt + queue.interval * 1000 - this.options.clock();
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

  /** A channel's interval changed: a waiting timer is set again for the new one. */
  reschedule(queue: ChannelQueue): void {
    if (!queue.timer) return;
    clearTimeout(queue.timer);
    queue.timer = undefined;
    this.schedule(queue);
  }

  /** A delivery that could not start: the channel is ready again after RETRY_MS. */
  retry(queue: ChannelQueue): void {
    clearTimeout(queue.timer);
    queue.timer = setTimeout(() => {
      queue.timer = undefined;
      if (!queue.ready) this.markReady(queue);
    }, RETRY_MS);
    queue.timer.unref();
  }

  /** A delivery of `queue` was taken (it counts against both limits until `finished`). */
  taken(queue: ChannelQueue): void {
    queue.inFlight++;
    this.inFlight++;
  }

  finished(queue: ChannelQueue): void {
    queue.inFlight--;
    this.inFlight--;
  }

  /** Starts ready channels' deliveries while the total limit allows. */
  pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    while (this.inFlight < MAX_IN_FLIGHT && this.readyQueue.length > 0) {
      const queue = this.readyQueue.shift();
      if (!queue) break;
      queue.ready = false;
      const delivery = this.options.deliver(queue);
      this.sending.add(delivery);
      void delivery.finally(() => this.sending.delete(delivery));
    }
    this.pumping = false;
  }

  /** The lease went: no channel is ready any more. */
  clear(): void {
    this.readyQueue.length = 0;
  }

  /** Settles when every delivery under way has. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }

  private markReady(queue: ChannelQueue): void {
    if (this.options.isClosed()) return;
    queue.ready = true;
    this.readyQueue.push(queue);
    this.pump();
  }
}
