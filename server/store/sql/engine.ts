import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './queries.ts';

/**
 * The few spellings the engines differ on inside a query that Kysely does not hide. Work the
 * engines do differently as a whole (partitions, LISTEN/NOTIFY, advisory locks, backups) lives
 * in ../sqlite/ and ../postgres/.
 */

/**
 * The order listings take everywhere: name ignoring ASCII case. SQLite's NOCASE folds ASCII
 * only; PostgreSQL's lower() under the "C" collation does the same, whatever the locale.
 */
export function byName(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'sqlite'
    ? sql<string>`${sql.ref(column)} COLLATE NOCASE`
    : sql<string>`lower(${sql.ref(column)} COLLATE "C")`;
}

/** A uuid column as text: SQLite stores it as text, PostgreSQL as uuid (not comparable to text). */
export function uuidText(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'sqlite'
    ? sql<string>`${sql.ref(column)}`
    : sql<string>`${sql.ref(column)}::text`;
}

/** A JSON document with `key` set to the number `value`. */
export function withNumber(
  engine: Engine,
  column: string,
  key: string,
  value: number,
): RawBuilder<string> {
  return engine === 'sqlite'
    ? sql<string>`json_set(${sql.ref(column)}, ${`$.${key}`}, ${value})`
    : sql<string>`jsonb_set(${sql.ref(column)}, ${`{${key}}`}, to_jsonb(${value}::bigint))`;
}

/**
 * `column` is one of `values` (never empty). PostgreSQL takes them as one array, so the text is
 * the same for any count and the statement is prepared once; SQLite gets a list of parameters,
 * each looked up in the index (a list read from JSON would be scanned as a table of its own).
 */
export function oneOf(
  engine: Engine,
  column: string,
  values: readonly (string | number)[],
): RawBuilder<boolean> {
  return engine === 'sqlite'
    ? sql<boolean>`${sql.ref(column)} IN (${sql.join([...values])})`
    : sql<boolean>`${sql.ref(column)} = ANY(${values})`;
}

/** A text column in byte order (SQLite's default BINARY; PostgreSQL's "C" collation). */
export function binary(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'sqlite'
    ? sql<string>`${sql.ref(column)}`
    : sql<string>`${sql.ref(column)} COLLATE "C"`;
}

/** A flag column is set, as a literal (the partial indexes name `active`, as above). */
export function isSet(engine: Engine, column: string): RawBuilder<boolean> {
  return engine === 'sqlite'
    ? sql<boolean>`${sql.ref(column)} = 1`
    : sql<boolean>`${sql.ref(column)}`;
}
