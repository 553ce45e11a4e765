import { sql } from 'kysely';
import type { EventBody, LoggedEvent } from '../event-log.ts';
import { one, raw, Repository } from './queries.ts';

/** The channel every PostgreSQL instance listens on; a notification carries only the new number. */
export const EVENTS_CHANNEL = 'telemetry_events';

/**
 * The event log, written once; only the numbering is each engine's own. SQLite: one connection
 * writes in turn, so AUTOINCREMENT's order is the commit order. PostgreSQL: numbers are taken
 * from one counter row at the very end of the ingestion transaction: the row stays locked until
 * commit, so batches are numbered in commit order and no reader can see 7 while 6 is still to
 * commit. The notification is sent at commit. Every ingestion of every instance takes turns on
 * that row, so it is held as briefly as can be: the body is written before it is taken, and
 * counting, logging and notifying are one statement, after which the transaction commits (one
 * round trip, not three plus the serialising: under load about a quarter as many batches waited
 * for the row; docs/decisions/0019-many-instances.md, "Many instances").
 */
export class SqlEventLogStore extends Repository {
  /** Appends an event (inside the transaction that made it); answers its number. */
  async append(body: EventBody, at: number): Promise<number> {
    const text = JSON.stringify(body);
    if (this.s.engine === 'sqlite') {
      const row = await one(
        this.s,
        this.s.qb.insertInto('event_log').values({ at, body: text }).returning('seq'),
      );
      return row.seq;
    }
    return this.s.atomic(async (tx) => {
      const row = await one(
        tx,
        raw(
          tx.qb,
          sql<{ seq: number }>`WITH next AS (UPDATE event_seq SET last = last + 1 RETURNING last),
            logged AS (INSERT INTO event_log (seq, at, body) SELECT last, ${at}, ${text} FROM next RETURNING seq)
          SELECT seq, pg_notify(${EVENTS_CHANNEL}, seq::text) FROM logged`,
        ),
        'event-append',
      );
      return row.seq;
    });
  }

  /**
   * The newest number given, 0 when none: AUTOINCREMENT's own counter on SQLite (it survives
   * trimming), the counter row on PostgreSQL.
   */
  async latest(): Promise<number> {
    const row = await this.s.first(
      this.s.engine === 'sqlite'
        ? raw(
            this.s.qb,
            sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'event_log'`,
          )
        : this.s.qb.selectFrom('event_seq').select('last as seq'),
    );
    return row?.seq ?? 0;
  }

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
