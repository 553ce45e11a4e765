import type { EventBody } from '../event-log.ts';
import { SqlEventLogStore } from '../sql/event-log.ts';
import type { PgScope } from './database.ts';

/** The channel every instance listens on; a notification carries only the new number. */
export const EVENTS_CHANNEL = 'telemetry_events';

export class PgEventLogStore extends SqlEventLogStore {
  private readonly pg: PgScope;

  constructor(scope: PgScope) {
    super(scope);
    this.pg = scope;
  }

  /**
   * Numbers are taken from one counter row at the very end of the ingestion transaction: the row
   * stays locked until commit, so batches are numbered in commit order and no reader can see 7
   * while 6 is still to commit. The notification is sent at commit. Every ingestion of every
   * instance takes turns on that row, so it is held as briefly as can be: the body is written
   * before it is taken, and counting, logging and notifying are one statement, after which the
   * transaction commits (one round trip, not three plus the serialising: under load about a
   * quarter as many batches waited for the row; docs/decisions/0019-many-instances.md, "Many instances").
   */
  append(body: EventBody, at: number): Promise<number> {
    const text = JSON.stringify(body);
    return this.pg.atomically(async (tx) => {
      const row = await tx.one<{ seq: number }>(
        `WITH next AS (UPDATE event_seq SET last = last + 1 RETURNING last),
              logged AS (INSERT INTO event_log (seq, at, body) SELECT last, $1, $2 FROM next RETURNING seq)
         SELECT seq, pg_notify($3, seq::text) FROM logged`,
        [at, text, EVENTS_CHANNEL],
        'event-append',
      );
      if (!row) throw new Error('event_seq has no row');
      return row.seq;
    });
  }

  async latest(): Promise<number> {
    const row = await this.pg.one<{ seq: number }>('SELECT last AS seq FROM event_seq');
    return row?.seq ?? 0;
  }
}
