import type { Db } from './db.ts';
import type { ChannelRow } from './channel-row.ts';

export interface SliceReading {
  sensorId: number;
  gatewayId: number;
  ts: number;
  type: string;
  value: string;
}

interface Named {
  uuid: string;
  name: string;
  sensor_name: string | null;
  node_id: number | null;
}

/**
 * History of a channel as JSON text: newest first, inclusive range, at most `count` items.
 * Items are assembled from cached fragments (names and uuids never change once created), so a
 * 10000-item answer costs one index range scan and string joins rather than 10000 objects.
 */
export class HistoryStore {
  private readonly range;
  private readonly named;
  private readonly gatewayFragments = new Map<number, string>();
  private readonly sensorFragments = new Map<number, string>();

  constructor(db: Db) {
    this.range = db.prepare(`
      SELECT r.sensor_id, r.gateway_id, r.ts, r.type, r.value
      FROM channel_data d JOIN readings r ON r.id = d.reading_id
      WHERE d.channel_id = $channel AND d.ts >= $from AND d.ts <= $to
      ORDER BY d.ts DESC, d.reading_id DESC
      LIMIT $count`);
    this.range.setReturnArrays(true);
    this.named = db.prepare('SELECT uuid, name, sensor_name, node_id FROM channels WHERE id = ?');
  }

  historyJson(channel: ChannelRow, from: number, to: number, count: number): string {
    const rows = this.range.all({
      $channel: channel.id,
      $from: from,
      $to: to,
      $count: count,
    }) as unknown as [number, number, number, string, string][];
    if (rows.length === 0) return '[]';
    const head = this.sliceHead(channel);
    // Everything before "ts" depends only on the sensor and the gateway: built once per pair.
    const prefixes = new Map<number, Map<number, string>>();
    const parts: string[] = [];
    for (const [sensorId, gatewayId, ts, type, value] of rows) {
      let bySensor = prefixes.get(sensorId);
      if (bySensor === undefined) prefixes.set(sensorId, (bySensor = new Map()));
      let prefix = bySensor.get(gatewayId);
      if (prefix === undefined) {
        prefix = head + this.gatewayFragment(gatewayId) + this.sensorFragment(sensorId) + '"ts":';
        bySensor.set(gatewayId, prefix);
      }
      parts.push(prefix + ts + ',"type":"' + type + '","value":' + value + '}');
    }
    return '[' + parts.join(',') + ']';
  }

  /** The start of every timeslice of `channel`; push delivery builds its events from it too. */
  sliceHead(channel: { uuid: string; name: string }): string {
    return `{"channelUuid":"${channel.uuid}","channelName":${JSON.stringify(channel.name)},`;
  }

  /** One timeslice (section 2.3) as JSON text; `value` is the stored JSON text. */
  sliceJson(head: string, reading: SliceReading): string {
    return (
      head +
      this.gatewayFragment(reading.gatewayId) +
      this.sensorFragment(reading.sensorId) +
      `"ts":${reading.ts},"type":"${reading.type}","value":${reading.value}}`
    );
  }

  private lookup(id: number): Named {
    const row = this.named.get(id) as Named | undefined;
    if (row === undefined) throw new Error(`channel ${id} referenced by a reading is missing`);
    return row;
  }

  private gatewayFragment(id: number): string {
    let fragment = this.gatewayFragments.get(id);
    if (fragment === undefined) {
      const gateway = this.lookup(id);
      fragment = `"gatewayUuid":"${gateway.uuid}","gatewayName":${JSON.stringify(gateway.name)},`;
      this.gatewayFragments.set(id, fragment);
    }
    return fragment;
  }

  private sensorFragment(id: number): string {
    let fragment = this.sensorFragments.get(id);
    if (fragment === undefined) {
      const sensor = this.lookup(id);
      const node = this.lookup(sensor.node_id ?? -1);
      fragment =
        `"nodeUuid":"${node.uuid}","nodeName":${JSON.stringify(node.name)},` +
        `"sensorUuid":"${sensor.uuid}","sensorName":${JSON.stringify(sensor.sensor_name ?? sensor.name)},`;
      this.sensorFragments.set(id, fragment);
    }
    return fragment;
  }
}
