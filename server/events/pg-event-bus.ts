import pg from 'pg';
import type { CloudLogger } from '../cloud-logger.ts';
import { EVENTS_CHANNEL } from '../store/sql/event-log.ts';

/** Reach changed in some instance (docs/decisions/0051-reach-cache.md); carries nothing. */
const REACH_CHANNEL = 'telemetry_reach';
/** A stopping instance let a lease go; carries nothing (every lease tries, one takes it). */
const LEASE_CHANNEL = 'telemetry_lease';
import { LocalEventBus } from './event-bus.ts';

/** First wait before listening again, and the longest: recovery must take under 2 s (issue 17). */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 1_000;

/**
 * Wakeups from every instance: one connection of its own LISTENs on the events channel (and on
 * reach changes), and
 * reconnects (0.25 s, then up to 1 s apart) when it drops; on each (re)connection every reader
 * looks, so what was appended meanwhile is read from its cursor.
 */
export class PgEventBus extends LocalEventBus {
  private readonly url: string;
  private readonly log: CloudLogger;
  /** Sends a notification through the store's pool: it works while the listener reconnects. */
  private readonly notify: (channel: string) => Promise<unknown>;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RETRY_FIRST_MS;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    url: string,
    log: CloudLogger,
    notify: (channel: string) => Promise<unknown>,
  ) {
    super();
    this.url = url;
    this.log = log;
    this.notify = notify;
  }

  static async connect(
    url: string,
    log: CloudLogger,
    notify: (channel: string) => Promise<unknown>,
  ) {
    const bus = new PgEventBus(url, log, notify);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'telemetry-events',
    });
    client.on('notification', (message) => {
      if (message.channel === REACH_CHANNEL) this.reachAll();
      else if (message.channel === LEASE_CHANNEL) this.leaseReleasedHere();
      else this.wakeAll();
    });
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      await client.query(`LISTEN ${REACH_CHANNEL}`);
      await client.query(`LISTEN ${LEASE_CHANNEL}`);
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
    // Changes made while not listening were not heard.
    this.reachAll();
  }

  override reachChanged(): void {
    this.notify(REACH_CHANNEL).catch((error: unknown) => {
      // The others then see it within the cache's own bound (REACH_KEPT_MS).
      this.log.warn({ reason: String(error) }, 'reach change not announced');
    });
  }

  override leaseReleased(): void {
    this.notify(LEASE_CHANNEL).catch((error: unknown) => {
      // The others then take it at their next renewal (within 5 s).
      this.log.warn({ reason: String(error) }, 'lease release not announced');
    });
  }

  override hearsOthers(): boolean {
    return this.client !== undefined;
  }

  private reachAll(): void {
    for (const changed of this.reachListeners) changed();
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
