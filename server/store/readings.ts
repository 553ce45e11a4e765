import type { Db } from './db.ts';

export interface NewReading {
  sensorId: number;
  nodeId: number;
  gatewayId: number;
  ts: number;
  type: string;
  /** Validated, compact JSON of the value. */
  value: string;
}

export class ReadingStore {
  private readonly insert;
  private readonly link;

  constructor(db: Db) {
    this.insert = db.prepare(`
      INSERT INTO readings (sensor_id, node_id, gateway_id, ts, type, value)
      VALUES ($sensor, $node, $gateway, $ts, $type, $value)
      ON CONFLICT (sensor_id, ts) DO NOTHING
      RETURNING id`);
    this.link = db.prepare(
      'INSERT OR IGNORE INTO channel_data (channel_id, ts, reading_id) VALUES (?, ?, ?)',
    );
  }

  /**
   * Stores a reading and publishes it to `channelIds`. Returns its id, or undefined when the
   * sensor already has a reading at that ts (a duplicate, e.g. heard by two gateways).
   */
  store(reading: NewReading, channelIds: readonly number[]): number | undefined {
    const row = this.insert.get({
      $sensor: reading.sensorId,
      $node: reading.nodeId,
      $gateway: reading.gatewayId,
      $ts: reading.ts,
      $type: reading.type,
      $value: reading.value,
    }) as { id: number } | undefined;
    if (row === undefined) return undefined;
    for (const channelId of channelIds) this.link.run(channelId, reading.ts, row.id);
    return row.id;
  }
}
