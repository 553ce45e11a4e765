import type { FastifyBaseLogger } from 'fastify';
import type { ReadingStore } from './store/readings.ts';

const DAY_MS = 86_400_000;
/** Rows per SQLite transaction: a few milliseconds, then ingestion has its turn. */
const BUDGET = 5_000;
const EVERY_MS = 3_600_000;

/**
 * RETENTION_DAYS: history older than that is removed soon after start and then every hour, a
 * bounded piece at a time with a pause between pieces, so ingestion and history requests are
 * never held up for long (docs/decisions/0018-storage.md, "Storage").
 */
export class Retention {
  private readonly readings: Pick<ReadingStore, 'removeBefore'>;
  private readonly days: number;
  private readonly now: () => number;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  private readonly what: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    readings: Pick<ReadingStore, 'removeBefore'>,
    days: number,
    now: () => number,
    log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    /** What is removed, for the log: the audit trail uses this class too. */
    what = 'readings and publications',
  ) {
    this.what = what;
    this.readings = readings;
    this.days = days;
    this.now = now;
    this.log = log;
  }

  start(firstInMs = 10_000): void {
    const loop = (delay: number) => {
      this.timer = setTimeout(() => {
        this.running = this.runOnce()
          .catch((error: unknown) => {
            this.log.warn(
              { err: error },
              `retention: could not remove old ${this.what}; will retry`,
            );
            return 0;
          })
          .finally(() => {
            if (!this.stopped) loop(EVERY_MS);
          });
      }, delay);
      this.timer.unref();
    };
    loop(firstInMs);
  }

  /** Removes everything older than the retention period; resolves with how much went. */
  async runOnce(): Promise<number> {
    const before = this.now() - this.days * DAY_MS;
    let total = 0;
    for (;;) {
      const { removed, more } = await this.readings.removeBefore(before, BUDGET);
      total += removed;
      if (!more || this.stopped) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (total > 0) {
      this.log.info(`retention: removed ${total} ${this.what} older than ${this.days} days`);
    }
    return total;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
