import type { CloudLogger } from '../cloud-logger.ts';
import type { Metrics } from '../http/metrics.ts';
import type { PushTarget } from '../store/push-targets.ts';
import type { DeliveryLog } from './delivery-log.ts';
import type { SendOutcome } from './http-sender.ts';

const LOG_FLUSH_MS = 250;
const FAILURE_LOG_EVERY_MS = 10_000;

/** One finished delivery, as the log keeps it. */
export interface FinishedDelivery {
  id: string;
  at: number;
  events: number;
  dropped: number;
  outcome: SendOutcome;
}

export interface RecorderOptions {
  deliveryLog: Pick<DeliveryLog, 'add' | 'flush'>;
  logger: CloudLogger;
  metrics?: Pick<Metrics, 'deliveries'> | undefined;
  clock: () => number;
  /** Once closed, the timer no longer flushes (closing flushes once, at its end). */
  isClosed: () => boolean;
}

/**
 * The delivery log side of push: every finished delivery counted, logged (flushed in groups)
 * and, when it failed, said in the cloud's log at most once per channel every 10 s.
 */
export class DeliveryRecorder {
  private readonly options: RecorderOptions;
  /** Per channel: when a failure was last logged, and how many were not logged since. */
  private readonly failuresLogged = new Map<number, { at: number; notLogged: number }>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(options: RecorderOptions) {
    this.options = options;
  }

  record(target: PushTarget, delivery: FinishedDelivery): void {
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
      if (!this.options.isClosed()) void this.options.deliveryLog.flush();
    }, LOG_FLUSH_MS).unref();
    if (!ok) this.logFailure(target, delivery.events, outcome);
  }

  /** Stops the flush timer and writes what is left. */
  async close(): Promise<void> {
    clearTimeout(this.flushTimer);
    await this.options.deliveryLog.flush();
  }

  /** A receiver that is down fails every delivery; one line per channel every 10 s says so. */
  private logFailure(target: PushTarget, events: number, outcome: SendOutcome): void {
    const now = this.options.clock();
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
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid address';
  }
}
