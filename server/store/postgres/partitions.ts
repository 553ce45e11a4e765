import type pg from 'pg';
import { LOCKS } from './database.ts';

export const DAY_MS = 86_400_000;

const dayOf = (ts: number) => Math.floor(ts / DAY_MS);
const suffix = (day: number) =>
  new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
export const partitionName = (table: 'readings' | 'channel_data', day: number) =>
  `${table}_d${suffix(day)}`;
const PARTITION_NAME = /^(readings|channel_data)_d(\d{4})(\d{2})(\d{2})$/;

/** The UTC day a partition named readings_dYYYYMMDD holds. */
function dayOfPartition(name: string): number | undefined {
  const match = PARTITION_NAME.exec(name);
  if (!match) return undefined;
  return dayOf(Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4])));
}

/**
 * Readings and channel_data are partitioned by UTC day (declarative range partitions on ts, epoch
 * ms). A day's partitions are made inside the transaction that stores its first reading, under
 * an advisory lock so that instances never race to make the same one; retention detaches and
 * drops whole days (retention.ts). Ingestion refuses readings more than 400 days old, so a
 * gateway with a wrong clock cannot make more than that.
 */
export class Partitions {
  private readonly known = new Set<number>();

  forget(day: number): void {
    this.known.delete(day);
  }

  /**
   * Makes the partitions of the days of `timestamps` that have none yet, on `client` (inside the
   * transaction that stores them). Only days seen to exist committed are remembered.
   */
  async ensure(client: pg.PoolClient | pg.Pool, timestamps: Iterable<number>): Promise<void> {
    const days = new Set<number>();
    for (const ts of timestamps) {
      const day = dayOf(ts);
      if (!this.known.has(day)) days.add(day);
    }
    if (days.size === 0) return;
    const wanted = [...days].sort((a, b) => a - b);
    const { rows } = await client.query<{ name: string }>(
      'SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL',
      [wanted.map((day) => partitionName('readings', day))],
    );
    const existing = new Set(rows.map((row) => dayOfPartition(row.name)));
    for (const day of existing) if (day !== undefined) this.known.add(day);
    const missing = wanted.filter((day) => !existing.has(day));
    if (missing.length === 0) return;
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.partitions]);
    for (const day of missing) {
      const from = day * DAY_MS;
      for (const table of ['readings', 'channel_data'] as const) {
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${partitionName(table, day)} PARTITION OF ${table}
           FOR VALUES FROM (${from}) TO (${from + DAY_MS})`,
        );
      }
    }
  }

  /** The days that have partitions, oldest first. */
  static async days(client: pg.Pool | pg.PoolClient): Promise<number[]> {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
       WHERE p.relname = 'readings'`,
    );
    return rows
      .map((row) => dayOfPartition(row.name))
      .filter((day) => day !== undefined)
      .sort((a, b) => a - b);
  }
}
