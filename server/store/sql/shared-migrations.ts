import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A migrations folder for tests of shared migrations: each engine's own files, then `shared/`
 * (server/store/sql/migrations.ts). Paths are relative to the folder; returns its URL.
 */
export function migrationsFolder(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'telemetry-migrations-'));
  for (const engine of ['sqlite', 'postgres', 'shared']) mkdirSync(join(dir, engine));
  for (const [path, sql] of Object.entries(files)) writeFileSync(join(dir, path), sql);
  return pathToFileURL(`${dir}/`);
}

/** A shared series as a newcomer writes it: one table, one engine-only index, one column. */
export const sharedSample = {
  'sqlite/0001-first.sql': 'CREATE TABLE kept (id integer PRIMARY KEY, name text NOT NULL);',
  'sqlite/0002-sqlite-own.sql': 'CREATE INDEX kept_name ON kept (name);',
  'postgres/0001-first.sql': 'CREATE TABLE kept (id bigint PRIMARY KEY, name text NOT NULL);',
  'shared/0001-notes.sql':
    'CREATE TABLE notes (id bigint PRIMARY KEY, kept_id bigint NOT NULL, body text NOT NULL);\n' +
    'CREATE INDEX notes_kept ON notes (kept_id);',
  'shared/0002-notes-brin.postgres.sql': 'CREATE INDEX notes_brin ON notes USING brin (id);',
  'shared/0003-notes-seen.sql': 'ALTER TABLE notes ADD COLUMN seen bigint;',
};
