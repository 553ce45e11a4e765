import type { EventBody, EventLogStore, LoggedEvent } from '../event-log.ts';
import type { SqliteScope } from './database.ts';

/** One connection writes in turn: the rowid order is the commit order. */
export class SqliteEventLogStore implements EventLogStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  append(body: EventBody, at: number): Promise<number> {
    return this.s.run(() => {
      const row = this.s
        .prepare('INSERT INTO event_log (at, body) VALUES (?, ?) RETURNING seq')
        .get(at, JSON.stringify(body)) as { seq: number };
      return row.seq;
    });
  }

  after(seq: number, limit: number): Promise<LoggedEvent[]> {
    return this.s.run(() =>
      (
        this.s
          .prepare('SELECT seq, at, body FROM event_log WHERE seq > ? ORDER BY seq LIMIT ?')
          .all(seq, limit) as { seq: number; at: number; body: string }[]
      ).map((row) => ({
        seq: row.seq,
        at: Number(row.at),
        ...(JSON.parse(row.body) as EventBody),
      })),
    );
  }

  /** AUTOINCREMENT's own counter: the newest number given, also once trimming emptied the log. */
  latest(): Promise<number> {
    return this.s.run(
      () =>
        (
          this.s.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'event_log'").get() as
            { seq: number } | undefined
        )?.seq ?? 0,
    );
  }

  trim(before: number): Promise<number> {
    return this.s.run(() =>
      Number(this.s.prepare('DELETE FROM event_log WHERE at < ?').run(before).changes),
    );
  }
}
