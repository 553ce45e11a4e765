import type { PublishedReading } from '../events.ts';
import type { Timeslices } from '../history/timeslices.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { PushTarget, PushTargetStore } from '../store/push-targets.ts';
import type { Position } from '../store/leases.ts';
import type { LeaseClaims } from './lease-claims.ts';
import type { Waiting } from './channel-queues.ts';
import { RETRY_MS } from './delivery-schedule.ts';

/** Readings that arrived together, with the log number of the event that brought them. */
interface Arrival {
  readings: (PublishedReading & { at: Position | undefined })[];
  seq: number | undefined;
}

export interface ArrivalOptions {
  targets: Pick<PushTargetStore, 'find'>;
  history: Pick<Timeslices, 'learn' | 'sliceHead' | 'sliceJson'>;
  logger: CloudLogger;
  leases: LeaseClaims;
  isClosed: () => boolean;
  isConfigured: (channelId: number) => boolean;
  /** Puts one channel's event in its queue. */
  enqueue: (target: PushTarget, slice: Waiting) => void;
}

/**
 * Published readings on their way to the queues: ingestion only hands its batch over; a drain
 * (one at a time, in arrival order) turns it into timeslice texts once ingestion has answered.
 */
export class Arrivals {
  private readonly options: ArrivalOptions;
  private incoming: Arrival[] = [];
  private drainScheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  private draining: Promise<void> = Promise.resolve();

  constructor(options: ArrivalOptions) {
    this.options = options;
  }

  /** Runs inside ingestion: only notes which readings concern a channel with push. */
  accept(readings: readonly PublishedReading[], seq: number | undefined): void {
    const { leases, isConfigured } = this.options;
    const wanted: Arrival['readings'] = [];
    readings.forEach((reading, idx) => {
      const at = seq === undefined ? undefined : { seq, idx };
      // Started by an earlier holder of the lease (one attempt per event): not again.
      const channelIds = reading.channelIds.filter(
        (id) => isConfigured(id) && !leases.startedEarlier(id, at),
      );
      if (channelIds.length > 0) wanted.push({ ...reading, channelIds, at });
    });
    if (wanted.length === 0) return;
    this.incoming.push({ readings: wanted, seq });
    this.scheduleDrain();
  }

  /** The lease went: what arrived is read again by the next holder. */
  clear(): void {
    this.incoming = [];
  }

  /** The lowest log number that arrived and is not yet drained, or Infinity. */
  lowestSeq(): number {
    let lowest = Infinity;
    for (const arrival of this.incoming)
      if (arrival.seq !== undefined) lowest = Math.min(lowest, arrival.seq);
    return lowest;
  }

  close(): void {
    clearImmediate(this.drainScheduled as NodeJS.Immediate | undefined);
    clearTimeout(this.drainScheduled as NodeJS.Timeout | undefined);
  }

  private scheduleDrain(afterMs = 0): void {
    if (this.drainScheduled || this.options.isClosed()) return;
    const run = () => {
      this.drainScheduled = undefined;
      this.draining = this.draining.then(() => this.drain());
    };
    this.drainScheduled = afterMs === 0 ? setImmediate(run) : setTimeout(run, afterMs).unref();
  }

  /** Queues what arrived, in arrival order (one drain at a time). */
  private async drain(): Promise<void> {
    const { leases, isClosed } = this.options;
    const arrivals = this.incoming;
    this.incoming = [];
    const holding = leases.current;
    for (const arrival of arrivals) leases.hold(arrival.seq);
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
      if (isClosed() || leases.current !== holding) return;
      for (const reading of readings) {
        for (const channelId of reading.channelIds) {
          const entry = known.get(channelId);
          if (entry) {
            this.options.enqueue(entry.target, {
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
      if (leases.current === holding && !isClosed()) {
        this.incoming = [...arrivals, ...this.incoming];
        this.scheduleDrain(RETRY_MS);
      }
    } finally {
      for (const arrival of arrivals) leases.letGo(arrival.seq);
    }
  }
}
