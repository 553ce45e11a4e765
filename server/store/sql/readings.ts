import type { HistoryRow, NewReading, ReadingStore } from '../readings.ts';
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
