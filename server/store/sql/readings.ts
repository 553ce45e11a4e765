import type { HistoryRow, NewReading } from '../readings.ts';
import { Repository } from './queries.ts';

/**
 * What of the readings is written once. Storing, history and retention are each engine's own
 * (../sqlite/readings.ts, ../postgres/readings.ts): they are the hot paths, and the engines take
 * them differently (a prepared insert per reading on the one SQLite connection against one
 * insert from arrays per batch on PostgreSQL; a join against LATERAL seeks over day partitions;
 * bounded deletes against dropping a day's partitions).
 */
export abstract class SqlReadingStore extends Repository {
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
