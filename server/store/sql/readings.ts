import type { HistoryRow, NewReading, ReadingStore } from '../readings.ts';
import { sql } from 'kysely';
import type { Sql } from './queries.ts';

/**
 * What of the readings is written once. Storing, history and retention are each engine's own
 * (../sqlite/readings.ts, ../postgres/readings.ts): they are the hot paths, and the engines take
 * them differently (a prepared insert per reading on the one SQLite connection against one
 * insert from arrays per batch on PostgreSQL; a join against LATERAL seeks over day partitions;
 * bounded deletes against dropping a day's partitions).
 */
export abstract class SqlReadingStore implements ReadingStore {
  protected readonly s: Sql;

  constructor(scope: Sql) {
    this.s = scope;
  }

  abstract store(readings: readonly NewReading[]): Promise<(number | undefined)[]>;
  abstract range(channelId: number, from: number, to: number, count: number): Promise<HistoryRow[]>;
  abstract removeBefore(
    before: number,
    budget: number,
  ): Promise<{ removed: number; more: boolean }>;

  async edges(
    channelId: number,
    from: number,
    to: number,
    every: number,
    max: number,
  ): Promise<number[]> {
    // The newest readings first (the index, stopping at the limit), numbered after: numbering
    // the whole range would read all of it.
    const newest = this.s.qb
      .selectFrom('channel_data')
      .select(['ts', 'reading_id'])
      .where('channel_id', '=', channelId)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .orderBy('ts', 'desc')
      .orderBy('reading_id', 'desc')
      .limit(every * max);
    const numbered = this.s.qb
      .selectFrom(newest.as('newest'))
      .select(['ts', sql<number>`row_number() over (order by ts desc, reading_id desc)`.as('n')]);
    const rows = await this.s.all(
      this.s.qb
        .selectFrom(numbered.as('numbered'))
        .select('ts')
        .where(sql<boolean>`n % ${every} = 0`)
        .orderBy('ts', 'desc'),
      'readings-edges',
    );
    return rows.map((row) => Number(row.ts));
  }

  async latestTs(sensorId: number): Promise<number | undefined> {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('readings')
        .select((eb) => eb.fn.max('ts').as('ts'))
        .where('sensor_id', '=', sensorId),
      'readings-latest-ts',
    );
    return row?.ts ?? undefined;
  }
}
