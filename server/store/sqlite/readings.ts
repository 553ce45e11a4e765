import type { HistoryRow, NewReading } from '../readings.ts';
import { SqlReadingStore } from '../sql/readings.ts';
import type { SqliteScope } from './database.ts';
import { arraysOf, type RowColumns } from './read-jobs.ts';

const insert = `
  INSERT INTO readings (sensor_id, node_id, gateway_id, ts, type, value)
  VALUES ($sensor, $node, $gateway, $ts, $type, $value)
  ON CONFLICT (sensor_id, ts) DO NOTHING
  RETURNING id`;
const link = 'INSERT OR IGNORE INTO channel_data (channel_id, ts, reading_id) VALUES (?, ?, ?)';
/** One range scan of channel_data's primary key (history-plan.test.ts checks the plan). */
const historyRange = `
  SELECT r.sensor_id, r.gateway_id, r.ts, r.type, r.value
  FROM channel_data d JOIN readings r ON r.id = d.reading_id
  WHERE d.channel_id = $channel AND d.ts >= $from AND d.ts <= $to
  ORDER BY d.ts DESC, d.reading_id DESC
  LIMIT $count`;

export class SqliteReadingStore extends SqlReadingStore<SqliteScope> {
  /** Retention goes through the channels in id order; the last one it finished. */
  private pruned = 0;

  store(readings: readonly NewReading[]): Promise<(number | undefined)[]> {
    return this.s.atomically(() => {
      const add = this.s.prepare(insert);
      const publish = this.s.prepare(link);
      return readings.map((reading) => {
        const row = add.get({
          $sensor: reading.sensorId,
          $node: reading.nodeId,
          $gateway: reading.gatewayId,
          $ts: reading.ts,
          $type: reading.type,
          $value: reading.value,
        }) as { id: number } | undefined;
        if (row === undefined) return undefined;
        for (const channelId of reading.channelIds) publish.run(channelId, reading.ts, row.id);
        return row.id;
      });
    });
  }

  async range(channelId: number, from: number, to: number, count: number): Promise<HistoryRow[]> {
    const readers = this.s.offLoop();
    if (readers !== undefined) {
      const parameters = { $channel: channelId, $from: from, $to: to, $count: count };
      return arraysOf<HistoryRow>(
        await readers.run<RowColumns>({ kind: 'rows', sql: historyRange, parameters }),
      );
    }
    return this.s.run(() => {
      const statement = this.s.prepare(historyRange);
      statement.setReturnArrays(true);
      return statement.all({
        $channel: channelId,
        $from: from,
        $to: to,
        $count: count,
      }) as unknown as HistoryRow[];
    });
  }

  removeBefore(before: number, budget: number): Promise<{ removed: number; more: boolean }> {
    return this.s.atomically(() => {
      const next = this.s.prepare('SELECT id, type FROM channels WHERE id > ? ORDER BY id LIMIT 1');
      const data = this.s.prepare(`
        DELETE FROM channel_data WHERE (channel_id, ts, reading_id) IN (
          SELECT channel_id, ts, reading_id FROM channel_data
          WHERE channel_id = ? AND ts < ? LIMIT ?)`);
      const ofSensor = this.s.prepare(`
        DELETE FROM readings WHERE id IN (
          SELECT id FROM readings WHERE sensor_id = ? AND ts < ? LIMIT ?)`);
      let removed = 0;
      while (removed < budget) {
        const channel = next.get(this.pruned) as { id: number; type: string } | undefined;
        if (channel === undefined) {
          this.pruned = 0;
          return { removed, more: false };
        }
        const left = budget - removed;
        let done = Number(data.run(channel.id, before, left).changes);
        if (channel.type === 'SENSOR' && done < left) {
          done += Number(ofSensor.run(channel.id, before, left - done).changes);
        }
        removed += done;
        // A channel that had less to delete than allowed is finished; else it is taken up again.
        if (done < left) this.pruned = channel.id;
      }
      return { removed, more: true };
    });
  }
}
