import { mkdirSync } from 'node:fs';
import type { CloudConfig } from '../config.ts';
import type { Store } from './store.ts';
import { openSqliteStore } from './sqlite/store.ts';
import { openPgStore } from './postgres/store.ts';

/** The store the configuration names: PostgreSQL with DATABASE_URL, else SQLite in DATA_DIR. */
export async function openStore(
  config: Pick<CloudConfig, 'dataDir' | 'databaseUrl' | 'databasePoolSize' | 'sqliteReadWorkers'>,
): Promise<Store> {
  if (config.databaseUrl !== null) {
    // DATA_DIR still holds this instance's own files (the simulator's gateway keys).
    if (config.dataDir !== ':memory:') mkdirSync(config.dataDir, { recursive: true });
    return openPgStore({ url: config.databaseUrl, poolSize: config.databasePoolSize });
  }
  return openSqliteStore(config.dataDir, config.sqliteReadWorkers);
}
