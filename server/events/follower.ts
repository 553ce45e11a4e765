import type { EventLogStore, LoggedEvent } from '../store/event-log.ts';
import type { EventBus } from './event-bus.ts';

const PAGE = 100;
/** After a read that failed (the database is away): the next try, without waiting for a wakeup. */
const RETRY_MS = 500;

/**
 * Reads the event log after a cursor, batch by batch in order, handing each to `handle` and
 * waiting for it, whenever the bus says there may be more. One read at a time; a wakeup during a
 * read makes it read again after.
 */
export class LogFollower {
  private readonly log: Pick<EventLogStore, 'after'>;
  private readonly handle: (event: LoggedEvent) => Promise<void>;
  private readonly onError: (error: unknown) => void;
  private readonly unsubscribe: () => void;
  private cursor: number;
  private reading: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(options: {
    bus: EventBus;
    log: Pick<EventLogStore, 'after'>;
    from: number;
    handle: (event: LoggedEvent) => Promise<void>;
    onError: (error: unknown) => void;
  }) {
    this.log = options.log;
    this.handle = options.handle;
    this.onError = options.onError;
    this.cursor = options.from;
    this.unsubscribe = options.bus.onWake(() => this.wake());
    this.wake();
  }

  get position(): number {
    return this.cursor;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    clearTimeout(this.retry);
    this.reading = this.read()
      .catch((error: unknown) => {
        this.onError(error);
        // Goes on from its cursor as soon as the database answers again.
        this.retry = setTimeout(() => this.wake(), RETRY_MS);
        this.retry.unref();
      })
      .finally(() => {
        this.reading = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async read(): Promise<void> {
    for (;;) {
      const events = await this.log.after(this.cursor, PAGE);
      for (const event of events) {
        if (this.stopped) return;
        await this.handle(event);
        this.cursor = event.seq;
      }
      if (events.length < PAGE) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.unsubscribe();
    await this.reading;
  }
}
