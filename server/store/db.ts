import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './migrations.ts';

export type Db = DatabaseSync;

/** Opens the cloud's database: a file in `dataDir`, or memory (`':memory:'`) for tests. */
export function openDatabase(dataDir: string | ':memory:'): Db {
  let location = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    location = join(dataDir, 'telemetry.sqlite');
  }
  const db = new DatabaseSync(location, { enableForeignKeyConstraints: true });
  if (location !== ':memory:') {
    db.exec('PRAGMA journal_mode = WAL');
    // WAL with NORMAL is durable across process crashes; an OS crash may lose the last commits.
    db.exec('PRAGMA synchronous = NORMAL');
  }
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA cache_size = -65536');
  db.exec('PRAGMA temp_store = MEMORY');
  migrate(db);
  return db;
}

/** Runs `work` in one transaction: all of it lands, or none of it. */
export function transaction<T>(db: Db, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
