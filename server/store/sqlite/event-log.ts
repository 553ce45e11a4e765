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
          .prepare('SELECT seq, body FROM event_log WHERE seq > ? ORDER BY seq LIMIT ?')
          .all(seq, limit) as { seq: number; body: string }[]
      ).map((row) => ({ seq: row.seq, ...(JSON.parse(row.body) as EventBody) })),
    );
  }

  latest(): Promise<number> {
    return this.s.run(
      () =>
        (this.s.prepare('SELECT max(seq) AS seq FROM event_log').get() as { seq: number | null })
          .seq ?? 0,
    );
  }

  trim(before: number): Promise<number> {
    return this.s.run(() =>
      Number(this.s.prepare('DELETE FROM event_log WHERE at < ?').run(before).changes),
    );
  }
}
