import pg from 'pg';
import type { CloudLogger } from '../cloud-logger.ts';
import { EVENTS_CHANNEL } from '../store/postgres/event-log.ts';
import { LocalEventBus } from './event-bus.ts';

/** First wait before listening again, and the longest: recovery must take under 2 s (issue 17). */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 1_000;

/**
 * Wakeups from every instance: one connection of its own LISTENs on the events channel, and
 * reconnects (0.25 s, then up to 1 s apart) when it drops; on each (re)connection every reader
 * looks, so what was appended meanwhile is read from its cursor.
 */
export class PgEventBus extends LocalEventBus {
  private readonly url: string;
  private readonly log: CloudLogger;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RETRY_FIRST_MS;
  private retry: NodeJS.Timeout | undefined;

  private constructor(url: string, log: CloudLogger) {
    super();
    this.url = url;
    this.log = log;
  }

  static async connect(url: string, log: CloudLogger) {
    const bus = new PgEventBus(url, log);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'telemetry-events',
    });
    client.on('notification', () => this.wakeAll());
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    this.wakeAll();
  }

  private lost(client: pg.Client, reason: string): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.log.warn({ reason }, 'events: listening connection lost; reconnecting');
    const again = () => {
      this.retry = undefined;
      if (this.closed) return;
      this.listen().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
        this.retry = setTimeout(again, this.retryMs);
      });
    };
    this.retry = setTimeout(again, this.retryMs);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}
