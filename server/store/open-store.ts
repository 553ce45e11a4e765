import type { CloudConfig } from '../config.ts';
import type { Store } from './store.ts';
import { openSqliteStore } from './sqlite/store.ts';

/** The store the configuration names: SQLite in DATA_DIR unless DATABASE_URL says otherwise. */
export async function openStore(config: Pick<CloudConfig, 'dataDir'>): Promise<Store> {
  return openSqliteStore(config.dataDir);
}
