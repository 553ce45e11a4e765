import type { EventBody, EventLogStore, LoggedEvent } from '../event-log.ts';
import type { Sql } from './queries.ts';

/**
 * The event log's reads and trimming, written once. Numbering is each engine's own: SQLite's
 * AUTOINCREMENT on its one writer (../sqlite/event-log.ts), PostgreSQL's counter row taken at the
 * end of the ingestion transaction with NOTIFY (../postgres/event-log.ts).
 */
export abstract class SqlEventLogStore implements EventLogStore {
  protected readonly s: Sql;

  constructor(scope: Sql) {
    this.s = scope;
  }

  abstract append(body: EventBody, at: number): Promise<number>;
  abstract latest(): Promise<number>;

  async after(seq: number, limit: number): Promise<LoggedEvent[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('event_log')
        .select(['seq', 'at', 'body'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit),
      'events-after',
    );
    return rows.map((row) => ({
      seq: row.seq,
      at: Number(row.at),
      ...(JSON.parse(row.body) as EventBody),
    }));
  }

  trim(before: number): Promise<number> {
    return this.s.exec(this.s.qb.deleteFrom('event_log').where('at', '<', before), 'events-trim');
  }
}
