import type { EventBody, LoggedEvent } from '../event-log.ts';
import { Repository } from './queries.ts';

/**
 * The event log's reads and trimming, written once. Numbering is each engine's own: SQLite's
 * AUTOINCREMENT on its one writer (../sqlite/event-log.ts), PostgreSQL's counter row taken at the
 * end of the ingestion transaction with NOTIFY (../postgres/event-log.ts).
 */
export abstract class SqlEventLogStore extends Repository {
  /** Appends an event (inside the transaction that made it); answers its number. */
  abstract append(body: EventBody, at: number): Promise<number>;
  /** The newest number given, 0 when none. */
  abstract latest(): Promise<number>;

  /** Batches after `seq`, oldest first, at most `limit`. */
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

  /** Forgets batches logged before `at` (they are in history for good). */
  trim(before: number): Promise<number> {
    return this.s.exec(this.s.qb.deleteFrom('event_log').where('at', '<', before), 'events-trim');
  }
}
