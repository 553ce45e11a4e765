import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type RawBuilder,
} from 'kysely';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * Where a store's queries run: each engine's scope (../sqlite/database.ts, ../postgres/database.ts)
 * answers this. A query is written once with `qb` (Kysely, compiled for the scope's engine) and
 * run by the scope, which keeps what each engine needs: SQLite's turn-taking on its one
 * connection and its statement cache, PostgreSQL's pool, named statements and transactions
 * (docs/decisions/0030-one-data-layer.md).
 */
export interface Sql {
  readonly engine: Engine;
  /** Builds queries for this engine; it never runs them (`all`, `first` and `exec` do). */
  readonly qb: Kysely<Database>;
  /** Every row. `name`: PostgreSQL prepares the statement once per connection under it. */
  all<O>(query: Compilable<O>, name?: string): Promise<O[]>;
  /**
   * `all` for a read that can take more than a millisecond (a listing, reach of many nodes):
   * SQLite runs it on a read worker when it has them, outside a transaction
   * (docs/decisions/0106-sqlite-reads-on-workers.md); PostgreSQL as `all`.
   */
  read<O>(query: Compilable<O>, name?: string): Promise<O[]>;
  first<O>(query: Compilable<O>, name?: string): Promise<O | undefined>;
  /** Runs a statement; answers how many rows it changed. */
  exec(query: Compilable<unknown>, name?: string): Promise<number>;
  /** Whether `error` is the engine's answer to a broken UNIQUE rule. */
  isUniqueViolation(error: unknown): boolean;
  /** Runs `work` as one transaction, or as part of the one this scope is in. */
  atomic<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

/** A Kysely that compiles for `engine` and has no connection: the scopes run what it builds. */
function compiler(engine: Engine): Kysely<Database> {
  const sqlite = engine === 'sqlite';
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

export const builders: Record<Engine, Kysely<Database>> = {
  sqlite: compiler('sqlite'),
  postgres: compiler('postgres'),
};

/**
 * A store written once: its queries run in the scope it is given. An engine's own store names
 * its scope's type (`Repository<SqliteScope>`) to reach what only that engine has.
 */
export abstract class Repository<S extends Sql = Sql> {
  protected readonly s: S;

  constructor(scope: S) {
    this.s = scope;
  }
}

/** The row a statement must answer (INSERT … RETURNING): its absence is a bug, not a result. */
export async function one<O>(s: Sql, query: Compilable<O>, name?: string): Promise<O> {
  const row = await s.first(query, name);
  if (row === undefined) throw new Error(`no row from ${query.compile().sql.slice(0, 40)}`);
  return row;
}

/** A store's methods, without its scope: the type callers hold (and tests may stand in for). */
export type Api<T> = { [K in keyof T]: T[K] };

/** A query written as SQL text (what Kysely cannot spell), run like any other. */
export function raw<O>(qb: Kysely<Database>, query: RawBuilder<O>): Compilable<O> {
  return { compile: () => query.compile(qb) };
}
