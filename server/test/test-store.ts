import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Store } from '../store/store.ts';
import { openSqliteStore } from '../store/sqlite/store.ts';
import { openPgStore } from '../store/postgres/store.ts';
import { admin } from './postgres-cluster.ts';
import { pgProbe, sqliteProbe, type SqlProbe } from './sql-probe.ts';

export interface TestStore {
  store: Store;
  sql: SqlProbe;
  /** Closes the store; a throw-away database goes with it. */
  close(): Promise<void>;
}

/** The engine this test run is for: the `node-pg` project provides a PostgreSQL cluster. */
export const testEngine = (): 'sqlite' | 'postgres' =>
  inject('postgresUrl') ? 'postgres' : 'sqlite';

const databaseUrl = (base: string, database: string) => base.replace(/\/[^/]*$/, `/${database}`);

/**
 * A fresh store for one test cloud: SQLite in memory (or in `dataDir`, for restart tests), or a
 * PostgreSQL database copied from the migrated template (`keep` names one that outlives a
 * restart: it is made once and reopened).
 */
export async function openTestStore(
  dataDir: string,
  keep?: string,
  /** PostgreSQL: the URL the store connects to instead (a relay that a test cuts). */
  through?: (url: string) => string,
): Promise<TestStore> {
  const base = inject('postgresUrl');
  if (!base) return openSqliteTestStore(dataDir);
  const name = keep ?? `t_${randomBytes(6).toString('hex')}`;
  const exists = keep !== undefined && (await databaseExists(base, name));
  if (!exists) await admin(base, `CREATE DATABASE ${name} TEMPLATE telemetry_template`);
  const url = databaseUrl(base, name);
  const store = await openPgStore({ url: through ? through(url) : url, poolSize: 4 });
  return {
    store,
    sql: pgProbe(store.pool),
    async close() {
      await store.close();
      if (keep === undefined) await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * SQLite: in memory, or with SQLITE_READ_WORKERS=n in the test's environment in a throw-away file
 * with n read workers, so that the API tests can be run against reads off the event loop
 * (docs/decisions/0106-sqlite-reads-on-workers.md).
 */
function openSqliteTestStore(dataDir: string): TestStore {
  const workers = Number(process.env.SQLITE_READ_WORKERS ?? 0);
  if (!(workers > 0)) {
    const store = openSqliteStore(dataDir);
    return { store, sql: sqliteProbe(store.db), close: () => store.close() };
  }
  const own = dataDir === ':memory:' ? mkdtempSync(join(tmpdir(), 'telemetry-test-')) : undefined;
  const store = openSqliteStore(own ?? dataDir, workers);
  return {
    store,
    sql: sqliteProbe(store.db),
    async close() {
      await store.close();
      if (own !== undefined) rmSync(own, { recursive: true, force: true });
    },
  };
}

async function databaseExists(base: string, name: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}
