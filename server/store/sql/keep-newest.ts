import { sql, type Compilable, type Kysely } from 'kysely';
import { raw } from './queries.ts';
import type { Database } from './schema.ts';

type Log =
  | { table: 'push_deliveries'; owner: 'channel_id' }
  | { table: 'push_inbox_arrivals'; owner: 'inbox_id' }
  | { table: 'notification_deliveries'; owner: 'user_id' };

/**
 * Keeps the newest `kept` rows (by id) of one owner in a log table and deletes the rest: logs
 * stay bounded however busy a channel or inbox is.
 */
export function keepNewest(
  qb: Kysely<Database>,
  log: Log,
  ownerId: number,
  kept: number,
): Compilable<unknown> {
  const table = sql.table(log.table);
  const owner = sql.ref(log.owner);
  const query = sql`DELETE FROM ${table} WHERE ${owner} = ${ownerId} AND id <= (
    SELECT id FROM ${table} WHERE ${owner} = ${ownerId} ORDER BY id DESC LIMIT 1 OFFSET ${kept})`;
  return raw(qb, query);
}
