import type { EventBody } from '../event-log.ts';
import { SqlEventLogStore } from '../sql/event-log.ts';
import type { SqliteScope } from './database.ts';

/** One connection writes in turn: the rowid order is the commit order. */
export class SqliteEventLogStore extends SqlEventLogStore {
  private readonly db: SqliteScope;

  constructor(scope: SqliteScope) {
    super(scope);
    this.db = scope;
  }

  append(body: EventBody, at: number): Promise<number> {
    return this.db.run(() => {
      const row = this.db
        .prepare('INSERT INTO event_log (at, body) VALUES (?, ?) RETURNING seq')
        .get(at, JSON.stringify(body)) as { seq: number };
      return row.seq;
    });
  }

  /** AUTOINCREMENT's own counter: the newest number given, also once trimming emptied the log. */
  latest(): Promise<number> {
    return this.db.run(
      () =>
        (
          this.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'event_log'").get() as
            { seq: number } | undefined
        )?.seq ?? 0,
    );
  }
}
