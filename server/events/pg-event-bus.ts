import pg from 'pg';
import type { CloudLogger } from '../cloud-logger.ts';
import { EVENTS_CHANNEL } from '../store/postgres/event-log.ts';
import { LocalEventBus } from './event-bus.ts';

/**
 * Wakeups from every instance: one connection of its own LISTENs on the events channel, and
 * reconnects (1 s, then up to 10 s apart) when it drops; on each (re)connection every reader
 * looks, so what was appended meanwhile is read.
 */
export class PgEventBus extends LocalEventBus {
  private readonly url: string;
  private readonly log: CloudLogger;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 1_000;
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
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.client = client;
    this.retryMs = 1_000;
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
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
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
