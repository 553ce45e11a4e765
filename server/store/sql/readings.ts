import { sql } from 'kysely';
import type { HistoryRow, NewReading } from '../readings.ts';
import { Repository, type Sql } from './queries.ts';

/**
 * What of the readings is written once. Storing, history and retention are each engine's own
 * (../sqlite/readings.ts, ../postgres/readings.ts): they are the hot paths, and the engines take
 * them differently (a prepared insert per reading on the one SQLite connection against one
 * insert from arrays per batch on PostgreSQL; a join against LATERAL seeks over day partitions;
 * bounded deletes against dropping a day's partitions).
 */
export abstract class SqlReadingStore<S extends Sql = Sql> extends Repository<S> {
  /**
   * Stores the readings and publishes each to its channels. Returns, by position, each stored
   * reading's id, or undefined when its sensor already has a reading at that ts (a duplicate,
   * e.g. heard by two gateways).
   */
  abstract store(readings: readonly NewReading[]): Promise<(number | undefined)[]>;
  /** History of a channel: newest first, inclusive range, at most `count`. */
  abstract range(channelId: number, from: number, to: number, count: number): Promise<HistoryRow[]>;
  /**
   * Removes history older than `before`, a bounded piece per call so that ingestion never waits
   * long for it (RETENTION_DAYS): call again while `more`. SQLite deletes at most `budget` rows
   * per call; PostgreSQL detaches and drops one whole day's partitions per call, without
   * blocking writers, and keeps a day until all of it is older than `before`.
   */
  abstract removeBefore(
    before: number,
    budget: number,
  ): Promise<{ removed: number; more: boolean }>;

  /**
   * Where `range` would cut the channel's history in [from, to] into pieces of `every`: the ts of
   * the every-th, 2·every-th, … newest reading, at most `max` of them, newest first, read from
   * the index alone (a live replay finds its windows with it, instead of reading every value).
   */
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

  /** The newest ts stored for the sensor, if any. */
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
