import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Engine } from './queries.ts';

/**
 * The schema's history as files: `server/store/migrations/<engine>/NNNN-what.sql`, applied in
 * order, each once, each in a transaction. Each engine records how far a database has come where
 * it always has (SQLite's `PRAGMA user_version`, PostgreSQL's `schema_migrations`), so databases
 * made before the files existed go on from where they are. Never edit a file that has shipped:
 * add the next one (docs/decisions/0031-migrations-as-files.md).
 *
 * New migrations are written once, for both engines, in `server/store/migrations/shared/`
 * (docs/decisions/0190-migrations-written-once.md): they follow each engine's own files, so
 * shared file N is version (that engine's own files) + N there. The engines' own series are
 * closed: a change one engine alone needs is a shared slot named `NNNN-what.<engine>.sql`, which
 * the other engine takes as an empty step, so that both keep one numbering from here on.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

/**
 * Words of one engine's dialect: a shared file for both engines holding one is refused (it is
 * the common subset: CREATE/ALTER/DROP TABLE and INDEX, INSERT/UPDATE/DELETE, and the column
 * types both spell alike: text, integer, bigint, real, boolean as integer 0/1).
 */
const DIALECT_WORDS =
  /\b(AUTOINCREMENT|PRAGMA|SERIAL|BIGSERIAL|JSONB|TIMESTAMPTZ|BYTEA|STRICT|WITHOUT\s+ROWID|GENERATED\s+ALWAYS|DO\s+\$\$|PARTITION)\b|::/i;

const root = new URL('../migrations/', import.meta.url);
const cache = new Map<Engine, readonly Migration[]>();

export function migrations(engine: Engine): readonly Migration[] {
  let found = cache.get(engine);
  if (found === undefined) {
    found = series(root, engine);
    cache.set(engine, found);
  }
  return found;
}

/** An engine's migrations under `directory`: its own files, then the shared ones. */
export function series(directory: URL, engine: Engine): readonly Migration[] {
  const own = new URL(`${engine}/`, directory);
  const ownFiles = sqlFiles(own).map((name, index) => {
    const version = numbered(name, index);
    return { version, name, sql: readFileSync(new URL(name, own), 'utf8') };
  });
  const shared = new URL('shared/', directory);
  if (!existsSync(shared)) return ownFiles;
  const sharedFiles = sqlFiles(shared).map((name, index): Migration => {
    const number = numbered(name, index);
    const only = /\.(\w+)\.sql$/.exec(name)?.[1];
    if (only !== undefined && !ENGINES.includes(only as Engine)) {
      throw new Error(`migration shared/${name} names no engine (.sqlite.sql or .postgres.sql)`);
    }
    const version = ownFiles.length + number;
    if (only !== undefined && only !== engine) {
      // The other engine's step: taken here as an empty one, so that both number alike.
      return { version, name, sql: `-- ${name}: ${only} only` };
    }
    const sql = readFileSync(new URL(name, shared), 'utf8');
    if (only === undefined && DIALECT_WORDS.test(sql)) {
      throw new Error(
        `migration shared/${name} uses ${DIALECT_WORDS.exec(sql)?.[0]}, which only one engine ` +
          'knows: write it in the common subset, or as NNNN-what.<engine>.sql',
      );
    }
    return { version, name, sql };
  });
  return [...ownFiles, ...sharedFiles];
}

function sqlFiles(directory: URL): string[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** A gap or a repeat would apply a file twice or never: refuse to start instead. */
function numbered(name: string, index: number): number {
  const version = Number(/^(\d{4})-/.exec(name)?.[1]);
  if (version !== index + 1) throw new Error(`migration ${name} should be number ${index + 1}`);
  return version;
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
