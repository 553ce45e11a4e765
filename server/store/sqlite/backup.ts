import { backup, DatabaseSync } from 'node:sqlite';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SQLITE_FILE } from './database.ts';
import { migrations } from '../sql/migrations.ts';

/** What a SQLite cloud's DATA_DIR holds besides the database: both go into a backup. */
const KEY_FILES = ['identity-keys.json', 'simulator-keys.json'];

/**
 * Copies a running cloud's database with SQLite's online backup (a consistent snapshot, while
 * the cloud goes on writing) and its key files into `folder`.
 */
export async function backupSqlite(dataDir: string, folder: string): Promise<{ pages: number }> {
  const file = join(dataDir, SQLITE_FILE);
  if (!existsSync(file)) throw new Error(`${dataDir} holds no ${SQLITE_FILE}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (existsSync(join(folder, SQLITE_FILE))) {
    throw new Error(`${folder} already holds a backup; choose an empty folder`);
  }
  const source = new DatabaseSync(file, { readOnly: true });
  let pages = 0;
  try {
    pages = await backup(source, join(folder, SQLITE_FILE));
  } finally {
    source.close();
  }
  for (const name of KEY_FILES) {
    if (existsSync(join(dataDir, name))) copyFileSync(join(dataDir, name), join(folder, name));
  }
  return { pages };
}

/**
 * Puts a backup in place as DATA_DIR's database (the cloud must be stopped). What was there is
 * kept beside it as `telemetry.sqlite.before-restore-<time>`, never deleted.
 */
export function restoreSqlite(folder: string, dataDir: string, now = Date.now()): void {
  const copy = join(folder, SQLITE_FILE);
  if (!existsSync(copy)) throw new Error(`${folder} holds no ${SQLITE_FILE}`);
  const check = new DatabaseSync(copy, { readOnly: true });
  try {
    const { quick_check: health } = check.prepare('PRAGMA quick_check').get() as {
      quick_check: string;
    };
    if (health !== 'ok') throw new Error(`the backup is damaged: ${health}`);
    const { user_version: version } = check.prepare('PRAGMA user_version').get() as {
      user_version: number;
    };
    if (version > migrations('sqlite').length) {
      throw new Error(`the backup is from a newer cloud (schema ${version}); upgrade first`);
    }
  } finally {
    check.close();
  }
  mkdirSync(dataDir, { recursive: true });
  const target = join(dataDir, SQLITE_FILE);
  if (existsSync(target)) renameSync(target, `${target}.before-restore-${now}`);
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(copy, target);
  for (const name of KEY_FILES) {
    if (existsSync(join(folder, name))) copyFileSync(join(folder, name), join(dataDir, name));
  }
}
