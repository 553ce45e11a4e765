import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Compilable } from 'kysely';
import { builders, type Sql } from '../sql/queries.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pending } from '../sql/migrations.ts';
import { ReadWorkers } from './read-workers.ts';
import { rowsOf, type RowColumns } from './read-jobs.ts';

export const SQLITE_FILE = 'telemetry.sqlite';
const STATEMENTS_KEPT = 1000;
/** How often the channels' number is looked at, for their planner statistics. */
const STATISTICS_EVERY_MS = 5 * 60_000;

/**
 * One node:sqlite connection, its prepared statements, and the turn-taking that makes its
 * transactions safe although the store's methods are asynchronous: while one caller's
 * transaction is open, every other caller's statement waits until it ends (otherwise it would
 * run inside that transaction, and vanish with its rollback). Statements themselves run
 * synchronously, as node:sqlite runs them.
 */
export class SqliteDatabase {
  readonly raw: DatabaseSync;
  /** Where reads that can take over a millisecond run, when there are read workers. */
  readonly readers: ReadWorkers | undefined;
  private readonly statements = new Map<string, StatementSync>();
  private held: Promise<void> | undefined;
  /** Set inside a transaction's work, to catch a statement that would wait for it (a deadlock). */
  private readonly inside = new AsyncLocalStorage<{ open: boolean }>();

  /** Looks at the planner's statistics now and then (`optimize`). */
  private readonly statistics: ReturnType<typeof setInterval>;
  /** How many channels there were when their statistics were last taken. */
  private channelsAnalyzed = -1;

  constructor(raw: DatabaseSync, readers?: ReadWorkers) {
    this.raw = raw;
    this.readers = readers;
    this.statistics = setInterval(() => {
      if (!this.busy) this.optimize().catch(() => undefined);
    }, STATISTICS_EVERY_MS);
    this.statistics.unref();
  }

  /**
   * Takes the query planner's statistics of the channels again once their number changed by a
   * quarter since the last time (a count, then `ANALYZE channels` of every row: sampled
   * statistics, as `PRAGMA optimize` takes them, guessed a few hundred rows per type). Without
   * them SQLite guessed that the index on `type` narrows best, and read every sensor of the fleet
   * to find a batch's: 9–12 ms a batch of 250 on the large fleet instead of 1 ms (decision 0160).
   * Checked every few minutes, and by whoever has just written a great deal (seeding).
   */
  async optimize(): Promise<void> {
    while (this.busy) await this.idle();
    this.analyzeChannelsIfChanged();
  }

  /** `optimize`'s work, on a connection no transaction holds. */
  analyzeChannelsIfChanged(): void {
    if (!this.raw.isOpen) return;
    const { n } = this.raw.prepare('SELECT count(*) AS n FROM channels').get() as { n: number };
    const last = this.channelsAnalyzed;
    if (last >= 0 && Math.abs(n - last) <= last / 4) return;
    this.raw.exec('PRAGMA analysis_limit = 0');
    this.raw.exec('ANALYZE channels');
    this.channelsAnalyzed = n;
  }

  /**
   * A prepared statement, prepared once per connection. A multi-row insert compiles to one text
   * per row count, so the cache is bounded: when full, the oldest half goes.
   */
  prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      if (this.statements.size >= STATEMENTS_KEPT) {
        let drop = STATEMENTS_KEPT / 2;
        for (const key of this.statements.keys()) {
          if (drop-- <= 0) break;
          this.statements.delete(key);
        }
      }
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Whether another caller's transaction holds the connection now. */
  get busy(): boolean {
    return this.held !== undefined;
  }

  /** Callers waiting for another's transaction to end. */
  waiting = 0;

  /** Throws inside a transaction's work: a statement there must use the store it was given. */
  outsideTransactionWork(): void {
    if (this.inside.getStore()?.open === true) {
      throw new Error('a store method ran beside its transaction: use the store given to the work');
    }
  }

  /** Resolves once no transaction holds the connection (check `busy` again before using it). */
  async idle(): Promise<void> {
    this.outsideTransactionWork();
    this.waiting++;
    try {
      while (this.held !== undefined) await this.held;
    } finally {
      this.waiting--;
    }
  }

  /** Runs `work` as one transaction, after any other caller's has ended. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.held !== undefined) return this.idle().then(() => this.transaction(work));
    let release = () => {};
    this.held = new Promise((resolve) => (release = resolve));
    const context = { open: true };
    const end = () => {
      context.open = false;
      this.held = undefined;
      release();
    };
    try {
      this.raw.exec('BEGIN IMMEDIATE');
    } catch (error) {
      end();
      return Promise.reject(error as Error);
    }
    let running: Promise<T>;
    try {
      running = this.inside.run(context, work);
    } catch (error) {
      running = Promise.reject(error as Error);
    }
    return running.then(
      (result) => {
        try {
          this.raw.exec('COMMIT');
          return result;
        } finally {
          end();
        }
      },
      (error: unknown) => {
        try {
          if (this.raw.isTransaction) this.raw.exec('ROLLBACK');
        } finally {
          end();
        }
        throw error;
      },
    );
  }

  async close(): Promise<void> {
    clearInterval(this.statistics);
    await this.readers?.close();
    if (this.raw.isOpen) this.raw.close();
  }
}

/**
 * Opens the cloud's database: a file in `dataDir`, or memory (`':memory:'`) for tests. With
 * `readWorkers` > 0 and a file, that many worker threads read it on connections of their own
 * (a database in memory is this connection's alone: it gets none).
 */
export function openSqlite(dataDir: string | ':memory:', readWorkers = 0): SqliteDatabase {
  let location = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    location = join(dataDir, SQLITE_FILE);
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
  const readers =
    location !== ':memory:' && readWorkers > 0 ? new ReadWorkers(location, readWorkers) : undefined;
  const opened = new SqliteDatabase(db, readers);
  // The channels' statistics as they are now: a database from before them gets them here.
  opened.analyzeChannelsIfChanged();
  return opened;
}

/** Applies the migrations the database lacks, each in a transaction; the version goes with it. */
function migrate(db: DatabaseSync): void {
  const { user_version: at } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (const migration of pending('sqlite', at)) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

/**
 * Where a SQLite repository runs its statements: on the connection as any caller (waiting while
 * another caller's transaction is open), or inside the transaction it was handed.
 */
export class SqliteScope implements Sql {
  readonly engine = 'sqlite';
  readonly qb = builders.sqlite;
  readonly db: SqliteDatabase;
  readonly inTransaction: boolean;
  /** The scope a transaction's work gets; one transaction at a time, so one is enough. */
  private inside: SqliteScope | undefined;

  constructor(db: SqliteDatabase, inTransaction: boolean) {
    this.db = db;
    this.inTransaction = inTransaction;
  }

  prepare(sql: string): StatementSync {
    return this.db.prepare(sql);
  }

  /** Runs synchronous `work` now, or once the connection is free; checked and run in one tick. */
  run<T>(work: () => T): Promise<T> {
    if (this.inTransaction || !this.db.busy) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return this.db.idle().then(() => this.run(work));
  }

  /** Runs synchronous `work` as one transaction, or as part of the one this scope is in. */
  atomically<T>(work: () => T): Promise<T> {
    if (this.inTransaction) return this.run(work);
    return this.db.transaction(async () => work());
  }

  all<O>(query: Compilable<O>): Promise<O[]> {
    const { sql, parameters } = query.compile();
    return this.run(() => this.prepare(sql).all(...bind(parameters)) as O[]);
  }

  /**
   * Read workers this scope's reads may go to: none inside a transaction, whose reads must see
   * its own writes, and none while every worker is being replaced.
   */
  offLoop(): ReadWorkers | undefined {
    const readers = this.db.readers;
    if (this.inTransaction || readers?.available !== true) return undefined;
    // On the main connection it would wait for its own transaction; here it would miss its writes.
    this.db.outsideTransactionWork();
    return readers;
  }

  async read<O>(query: Compilable<O>): Promise<O[]> {
    const readers = this.offLoop();
    if (readers === undefined) return this.all(query);
    const { sql, parameters } = query.compile();
    return rowsOf<O>(
      await readers.run<RowColumns>({ kind: 'rows', sql, parameters: bind(parameters) }),
    );
  }

  first<O>(query: Compilable<O>): Promise<O | undefined> {
    const { sql, parameters } = query.compile();
    return this.run(() => this.prepare(sql).get(...bind(parameters)) as O | undefined);
  }

  exec(query: Compilable<unknown>): Promise<number> {
    const { sql, parameters } = query.compile();
    return this.run(() => Number(this.prepare(sql).run(...bind(parameters)).changes));
  }

  /** SQLite's answer to a broken UNIQUE rule (node:sqlite puts the extended code in errcode). */
  isUniqueViolation(error: unknown): boolean {
    const code = (error as { errcode?: unknown }).errcode;
    return code === 2067 || code === 1555;
  }

  atomic<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    const inside = (this.inside ??= new SqliteScope(this.db, true));
    return this.db.transaction(() => work(inside));
  }
}

/** Parameters as node:sqlite binds them: it has no booleans. */
function bind(parameters: readonly unknown[]): SQLInputValue[] {
  return parameters.map((value) =>
    typeof value === 'boolean' ? (value ? 1 : 0) : (value as SQLInputValue),
  );
}
