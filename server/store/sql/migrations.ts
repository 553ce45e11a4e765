import { readdirSync, readFileSync } from 'node:fs';
import type { Engine } from './queries.ts';

/**
 * The schema's history as files: `server/store/migrations/<engine>/NNNN-what.sql`, applied in
 * order, each once, each in a transaction. Each engine records how far a database has come where
 * it always has (SQLite's `PRAGMA user_version`, PostgreSQL's `schema_migrations`), so databases
 * made before the files existed go on from where they are. Never edit a file that has shipped:
 * add the next one (docs/decisions/0031-migrations-as-files.md).
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const cache = new Map<Engine, readonly Migration[]>();

export function migrations(engine: Engine): readonly Migration[] {
  let found = cache.get(engine);
  if (found === undefined) {
    const directory = new URL(`../migrations/${engine}/`, import.meta.url);
    const names = readdirSync(directory)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    found = names.map((name, index) => {
      const version = Number(/^(\d{4})-/.exec(name)?.[1]);
      // A gap or a repeat would apply a file twice or never: refuse to start instead.
      if (version !== index + 1) throw new Error(`migration ${name} should be number ${index + 1}`);
      return { version, name, sql: readFileSync(new URL(name, directory), 'utf8') };
    });
    cache.set(engine, found);
  }
  return found;
}

/**
 * What a database at version `at` still needs. SQLite refuses one made by a newer cloud (one
 * instance owns its file: nothing runs side by side). PostgreSQL takes it: during a rolling
 * upgrade the previous release keeps running on a schema the next one expanded, which the
 * expand/contract rule keeps readable and writable for it
 * (docs/decisions/0181-rolling-upgrades.md).
 */
export function pending(engine: Engine, at: number): readonly Migration[] {
  const all = migrations(engine);
  if (at > all.length) {
    if (engine === 'postgres') return [];
    throw new Error(
      `The database is at schema version ${at}, newer than this cloud knows (${all.length}).`,
    );
  }
  return all.slice(at);
}
