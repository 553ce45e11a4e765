import { Store, type ExclusiveWork } from '../store.ts';
import { openSqlite, SqliteScope, type SqliteDatabase } from './database.ts';
import { SqliteReadingStore } from './readings.ts';
import { SqlitePositionStore } from './positions.ts';

/** The embedded store: node:sqlite, one connection, one instance (docs/decisions/0018-storage.md, "Storage"). */
export class SqliteStore extends Store<SqliteScope> {
  readonly engine = 'sqlite';
  readonly db: SqliteDatabase;
  /** The store a transaction's work gets; one at a time, so one is enough. */
  private inside: SqliteStore | undefined;
  /** The end of the queue of `exclusively`'s callers. */
  private turns: Promise<unknown> = Promise.resolve();

  constructor(db: SqliteDatabase, inTransaction = false) {
    const scope = new SqliteScope(db, inTransaction);
    super(scope, {
      readings: new SqliteReadingStore(scope),
      positions: new SqlitePositionStore(scope),
    });
    this.db = db;
  }

  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.s.inTransaction) return work(this);
    const tx = (this.inside ??= new SqliteStore(this.db, true));
    return this.db.transaction(() => work(tx));
  }

  exclusively<T>(_name: ExclusiveWork, work: () => Promise<T>): Promise<T> {
    const turn = this.turns.then(work);
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  ping(): Promise<void> {
    return this.s.run(() => {
      this.db.prepare('SELECT 1').get();
    });
  }

  async notReady(): Promise<string | undefined> {
    await this.ping();
    return undefined;
  }

  optimize(): Promise<void> {
    return this.db.optimize();
  }

  connections() {
    const open = this.db.raw.isOpen ? 1 : 0;
    return { open, idle: this.db.busy ? 0 : open, waiting: this.db.waiting };
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** `readWorkers`: threads that take the slow reads off the event loop (SQLITE_READ_WORKERS). */
export function openSqliteStore(dataDir: string | ':memory:', readWorkers = 0): SqliteStore {
  return new SqliteStore(openSqlite(dataDir, readWorkers));
}
