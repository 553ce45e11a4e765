import type { HistoryRow, NewReading } from '../readings.ts';
import { SqlReadingStore } from '../sql/readings.ts';
import type { PgScope } from './database.ts';
import { LOCKS } from './database.ts';
import { DAY_MS, partitionName, Partitions } from './partitions.ts';

/**
 * The newest `count` publications of the channel first (one backward scan of channel_data's key,
 * day partition after day partition, stopping at `count`), then each one's reading by its unique
 * (sensor_id, ts). Measured against a plain join, which the planner turns into a hash join with
 * a sort: 16 ms against 20-48 ms for 10000 items (docs/decisions/0018-storage.md, "Storage").
 */
export const historyRange = `
  SELECT r.sensor_id, r.gateway_id, d.ts, r.type, r.value
  FROM (
    SELECT ts, reading_id, sensor_id FROM channel_data
    WHERE channel_id = $1 AND ts >= $2 AND ts <= $3
    ORDER BY ts DESC, reading_id DESC
    LIMIT $4
  ) d
  CROSS JOIN LATERAL (
    SELECT sensor_id, gateway_id, type, value FROM readings r
    WHERE r.sensor_id = d.sensor_id AND r.ts = d.ts
  ) r
  ORDER BY d.ts DESC, d.reading_id DESC`;

export class PgReadingStore extends SqlReadingStore<PgScope> {
  private readonly partitions: Partitions;

  constructor(scope: PgScope, partitions: Partitions) {
    super(scope);
    this.partitions = partitions;
  }

  /**
   * Two statements for the whole batch, whatever its size: the readings as one multi-row insert
   * from arrays (duplicates skipped by the unique (sensor_id, ts)), then their publications.
   */
  store(readings: readonly NewReading[]): Promise<(number | undefined)[]> {
    if (readings.length === 0) return Promise.resolve([]);
    return this.s.atomically(async (tx) => {
      await this.partitions.ensure(
        tx.client,
        readings.map((r) => r.ts),
      );
      const stored = await tx.rows<{ id: number; sensor_id: number; ts: number }>(
        `INSERT INTO readings (sensor_id, node_id, gateway_id, ts, type, value)
         SELECT sensor_id, node_id, gateway_id, ts, type, value
         FROM unnest($1::int[], $2::int[], $3::int[], $4::bigint[], $5::text[], $6::text[])
           WITH ORDINALITY AS r(sensor_id, node_id, gateway_id, ts, type, value, n)
         -- Lock order (issue 17): keys in one order in every batch, so two gateways sending the
         -- same readings wait for each other instead of deadlocking; n keeps the first of two
         -- identical messages the one stored.
         ORDER BY sensor_id, ts, n
         ON CONFLICT (sensor_id, ts) DO NOTHING
         RETURNING id, sensor_id, ts`,
        [
          readings.map((r) => r.sensorId),
          readings.map((r) => r.nodeId),
          readings.map((r) => r.gatewayId),
          readings.map((r) => r.ts),
          readings.map((r) => r.type),
          readings.map((r) => r.value),
        ],
        'readings-insert',
      );
      const idOf = new Map(stored.map((row) => [`${row.sensor_id}:${row.ts}`, row.id]));
      const channel: number[] = [];
      const ts: number[] = [];
      const readingId: number[] = [];
      const sensor: number[] = [];
      const ids = readings.map((reading) => {
        const key = `${reading.sensorId}:${reading.ts}`;
        const id = idOf.get(key);
        // The first of two identical messages in a batch is stored; the second is a duplicate.
        idOf.delete(key);
        if (id === undefined) return undefined;
        for (const channelId of reading.channelIds) {
          channel.push(channelId);
          ts.push(reading.ts);
          readingId.push(id);
          sensor.push(reading.sensorId);
        }
        return id;
      });
      if (channel.length > 0) {
        await tx.run(
          `INSERT INTO channel_data (channel_id, ts, reading_id, sensor_id)
           SELECT * FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::int[])
             AS d(channel_id, ts, reading_id, sensor_id)
           ORDER BY channel_id, ts, reading_id -- the lock order, as above
           ON CONFLICT DO NOTHING`,
          [channel, ts, readingId, sensor],
          'channel-data-insert',
        );
      }
      return ids;
    });
  }

  range(channelId: number, from: number, to: number, count: number): Promise<HistoryRow[]> {
    return this.s.arrays<HistoryRow>(historyRange, [channelId, from, to, count], 'history-range');
  }

  /**
   * One whole day per call: its partitions are detached CONCURRENTLY (writers and readers go on)
   * and dropped. One instance at a time (an advisory lock; the others find it taken and stop).
   */
  async removeBefore(before: number): Promise<{ removed: number; more: boolean }> {
    const session = await this.s.pool.connect();
    try {
      const lock = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        LOCKS.retention,
      ]);
      if (!lock.rows[0]?.ok) return { removed: 0, more: false };
      try {
        const old = (await Partitions.days(session)).filter((day) => (day + 1) * DAY_MS <= before);
        const day = old[0];
        if (day === undefined) return { removed: 0, more: false };
        const count = await session.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${partitionName('readings', day)}`,
        );
        for (const table of ['channel_data', 'readings'] as const) {
          const name = partitionName(table, day);
          try {
            await session.query(`ALTER TABLE ${table} DETACH PARTITION ${name} CONCURRENTLY`);
          } catch (error) {
            // A detach that was interrupted (an instance stopped) is finished instead.
            if (!/pending detach/i.test((error as Error).message)) throw error;
            await session.query(`ALTER TABLE ${table} DETACH PARTITION ${name} FINALIZE`);
          }
          await session.query(`DROP TABLE ${name}`);
        }
        this.partitions.forget(day);
        return { removed: count.rows[0]?.n ?? 0, more: old.length > 1 };
      } finally {
        await session.query('SELECT pg_advisory_unlock($1)', [LOCKS.retention]);
      }
    } finally {
      session.release();
    }
  }
}
