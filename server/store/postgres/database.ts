import pg from 'pg';
import type { Compilable } from 'kysely';
import { builders, type Sql } from '../sql/queries.ts';
import { migrations, pending } from '../sql/migrations.ts';
import { retryingConflicts } from '../database-faults.ts';

type Param = string | number | boolean | null | readonly (string | number | null)[];

/** bigint (epoch ms, ids) as numbers: every value the cloud stores is below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** Advisory lock keys: one number per purpose, the same in every instance. */
export const LOCKS = {
  migrations: 7_411_001,
  partitions: 7_411_002,
  retention: 7_411_003,
  'demo-seed': 7_411_004,
} as const;

export interface PgOptions {
  url: string;
  /** Connections per instance. */
  poolSize: number;
}

/** Set on a connection that emitted 'error': it goes, never back into the pool. */
const broken = Symbol('broken');
type BrokenMark = { [broken]?: boolean };

export function createPool(options: PgOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    types,
    // A statement that hangs must not hold a request forever.
    statement_timeout: 30_000,
    application_name: 'telemetry-cloud',
    // Compiling a plan costs more than the short statements of an API ever run for.
    options: '-c jit=off',
    // While the database is away a request waits at most this long for a connection, then
    // answers 503 (an unreachable server refuses at once; one that hangs must not hold requests).
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection that breaks (the server restarted) is dropped by the pool; say so only.
  pool.on('error', (error) => console.warn('postgres: idle connection lost', error.message));
  // A connection taken out of the pool has no 'error' listener of the pool's: one cut while in
  // use (pg_terminate_backend, PostgreSQL stopping) emitted 'error' with no listener, and Node
  // ended the process. Every connection now has one for its whole life; the query under way
  // fails on its own, and the holder discards the connection (transaction(), below).
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      (client as BrokenMark)[broken] = true;
      console.warn('postgres: connection lost', error.message);
    });
  });
  return pool;
}

/**
 * Where a PostgreSQL repository runs its statements: any pooled connection, or the one a
 * transaction holds. Statements with a name are prepared once per connection.
 */
export class PgScope implements Sql {
  readonly engine = 'postgres';
  readonly qb = builders.postgres;
  readonly client: pg.Pool | pg.PoolClient;
  readonly inTransaction: boolean;

  constructor(client: pg.Pool | pg.PoolClient, inTransaction: boolean) {
    this.client = client;
    this.inTransaction = inTransaction;
  }

  /** The pool itself, for work that must not run inside a transaction. */
  get pool(): pg.Pool {
    if (this.inTransaction) throw new Error('this work cannot run inside a transaction');
    return this.client as pg.Pool;
  }

  /** One statement; rows as arrays (`rowMode`) for reads of thousands of rows (no object each). */
  private query(text: string, values: readonly unknown[], name?: string, rowMode?: 'array') {
    return this.client.query({
      text,
      values: values as unknown[],
      ...(name ? { name } : {}),
      ...(rowMode ? { rowMode } : {}),
    });
  }

  async rows<T>(text: string, values: readonly Param[] = [], name?: string): Promise<T[]> {
    return (await this.query(text, values, name)).rows as T[];
  }

  async run(text: string, values: readonly Param[] = [], name?: string): Promise<number> {
    return (await this.query(text, values, name)).rowCount ?? 0;
  }

  async arrays<T>(text: string, values: readonly Param[], name: string): Promise<T[]> {
    return (await this.query(text, values, name, 'array')).rows as T[];
  }

  all<O>(query: Compilable<O>, name?: string): Promise<O[]> {
    const { sql, parameters } = query.compile();
    return this.rows<O>(sql, parameters as readonly Param[], name);
  }

  /** A pool connection is off the event loop already. */
  read<O>(query: Compilable<O>, name?: string): Promise<O[]> {
    return this.all(query, name);
  }

  async first<O>(query: Compilable<O>, name?: string): Promise<O | undefined> {
    return (await this.all(query, name))[0];
  }

  exec(query: Compilable<unknown>, name?: string): Promise<number> {
    const { sql, parameters } = query.compile();
    return this.run(sql, parameters as readonly Param[], name);
  }

  /** PostgreSQL's answer to a broken UNIQUE rule. */
  isUniqueViolation(error: unknown): boolean {
    return (error as { code?: unknown }).code === '23505';
  }

  atomic<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.atomically(work);
  }

  /** Runs `work` in a transaction on one connection, or in the one this scope is in. */
  async atomically<T>(work: (scope: PgScope) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    return transaction(this.client as pg.Pool, (client) => work(new PgScope(client, true)));
  }
}

/** Runs of a transaction in all when PostgreSQL gives it up as a deadlock or serialization failure. */
const TRANSACTION_ATTEMPTS = 4;

/**
 * Runs `work` in a transaction on one pooled connection. A deadlock or serialization failure
 * (PostgreSQL rolled the whole transaction back) runs it again, up to TRANSACTION_ATTEMPTS in
 * all; the last one goes to the caller, which answers 503. `work` must therefore only touch the
 * database until it returns (everything the cloud does after a commit runs after this).
 */
export function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return retryingConflicts(() => transactionOnce(pool, work), {
    attempts: TRANSACTION_ATTEMPTS,
    onRetry: (error) =>
      console.warn('postgres: transaction retried', (error as { code?: string }).code),
  });
}

async function transactionOnce<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let discard = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection cut mid-way cannot roll back (the server already did): it fails this
    // request only, and goes instead of back into the pool.
    if ((client as BrokenMark)[broken] === true) discard = true;
    else {
      try {
        await client.query('ROLLBACK');
      } catch {
        discard = true;
      }
    }
    throw error;
  } finally {
    client.release(discard || (client as BrokenMark)[broken] === true);
  }
}

/**
 * Brings the database to the latest schema. Instances starting at once take turns on an
 * advisory lock: the first applies what is missing, the others find it done.
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCKS.migrations]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      for (const migration of pending('postgres', await versionOf(client))) {
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [
            migration.version,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrations]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `work` holding the advisory lock `key` on a session of its own (not one of the pool's,
 * which the work itself needs, however small the pool): others asking for it wait however long
 * the work takes, and the lock goes with the session if this process dies.
 */
export async function holdingLock<T>(url: string, key: number, work: () => Promise<T>): Promise<T> {
  const session = new pg.Client({ connectionString: url, application_name: 'telemetry-cloud' });
  // A session that breaks loses the lock; the work in hand finishes, there is no one to tell.
  session.on('error', (error) => console.warn('postgres: lock session lost', error.message));
  await session.connect();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    // Ending the session lets the lock go.
    await session.end().catch(() => undefined);
  }
}

/** The schema version the database is at, and the one this cloud needs. */
export async function schemaVersion(pool: pg.Pool): Promise<{ at: number; needed: number }> {
  const table = await pool.query<{ t: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS t",
  );
  const at = table.rows[0]?.t ? await versionOf(pool) : 0;
  return { at, needed: migrations('postgres').length };
}

async function versionOf(client: pg.Pool | pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return rows[0]?.version ?? 0;
}
