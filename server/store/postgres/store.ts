import type pg from 'pg';
import { Store, type ExclusiveWork } from '../store.ts';
import {
  createPool,
  holdingLock,
  LOCKS,
  migrate,
  PgScope,
  schemaVersion,
  transaction,
  type PgOptions,
} from './database.ts';
import { Partitions } from './partitions.ts';
import { PgReadingStore } from './readings.ts';
import { PgPositionStore } from './positions.ts';

/**
 * The shared store: PostgreSQL 15 or newer, a pool of connections per instance, any number of
 * instances (docs/decisions/0018-storage.md, "Storage").
 */
export class PgStore extends Store<PgScope> {
  readonly engine = 'postgres';
  readonly pool: pg.Pool;
  /** Where it connects: the event bus opens a listening connection of its own there. */
  readonly url: string;
  readonly partitions: Partitions;

  constructor(
    pool: pg.Pool,
    url: string,
    partitions: Partitions,
    scope = new PgScope(pool, false),
  ) {
    super(scope, {
      readings: new PgReadingStore(scope, partitions),
      positions: new PgPositionStore(scope),
    });
    this.pool = pool;
    this.url = url;
    this.partitions = partitions;
  }

  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.s.inTransaction) return work(this);
    return transaction(this.pool, (client) =>
      work(new PgStore(this.pool, this.url, this.partitions, new PgScope(client, true))),
    );
  }

  exclusively<T>(name: ExclusiveWork, work: () => Promise<T>): Promise<T> {
    return holdingLock(this.url, LOCKS[name], work);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async notReady(): Promise<string | undefined> {
    const { at, needed } = await schemaVersion(this.pool);
    // Newer is ready: the next release's expand steps, made to keep this one working (0181).
    return at >= needed
      ? undefined
      : `The database schema is at version ${at}; this cloud needs ${needed}.`;
  }

  /** Autovacuum analyzes a table once enough of it changed. */
  optimize(): Promise<void> {
    return Promise.resolve();
  }

  connections() {
    return {
      open: this.pool.totalCount,
      idle: this.pool.idleCount,
      waiting: this.pool.waitingCount,
    };
  }

  async close(): Promise<void> {
    if (!this.s.inTransaction && !this.pool.ended) await this.pool.end();
  }
}

/** Connects and brings the schema up to date (once, whoever starts first). */
export async function openPgStore(options: PgOptions): Promise<PgStore> {
  const pool = createPool(options);
  try {
    await migrate(pool);
    return new PgStore(pool, options.url, new Partitions());
  } catch (error) {
    await pool.end();
    throw error;
  }
}
