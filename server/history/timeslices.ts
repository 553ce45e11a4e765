import type { ChannelStore } from '../store/channels.ts';
import type { ReadingStore } from '../store/readings.ts';

export interface SliceReading {
  sensorId: number;
  gatewayId: number;
  ts: number;
  type: string;
  value: string;
}

/**
 * Timeslices (section 2.3) as JSON text, for history and push. Items are assembled from cached
 * fragments (names and uuids never change once created), so a 10000-item answer costs one index
 * range scan and string joins rather than 10000 objects.
 */
export class Timeslices {
  private readonly channels: Pick<ChannelStore, 'namesOf'>;
  private readonly readings: Pick<ReadingStore, 'range'>;
  private readonly gatewayFragments = new Map<number, string>();
  private readonly sensorFragments = new Map<number, string>();
  /** The slice head of each sensor's node: the fleet stream names the node as the channel. */
  private readonly nodeHeads = new Map<number, string>();
  /** The same names as fields, for the columnar answer (history-columns.ts). */
  readonly gatewayNames = new Map<number, { uuid: string; name: string }>();
  readonly sensorNames = new Map<
    number,
    { sensorUuid: string; sensorName: string; nodeUuid: string; nodeName: string }
  >();

  constructor(channels: Pick<ChannelStore, 'namesOf'>, readings: Pick<ReadingStore, 'range'>) {
    this.channels = channels;
    this.readings = readings;
  }

  /** The rows of a history answer with their names learned (for history-columns.ts). */
  async learnedRange(channelId: number, from: number, to: number, count: number) {
    const rows = await this.readings.range(channelId, from, to, count);
    await this.learn(rows);
    return rows;
  }

  /** History of a channel: newest first, inclusive range, at most `count` items. */
  async historyJson(
    channel: { id: number; uuid: string; name: string },
    from: number,
    to: number,
    count: number,
  ): Promise<string> {
    const rows = await this.readings.range(channel.id, from, to, count);
    if (rows.length === 0) return '[]';
    await this.learn(rows);
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

  /**
   * Reads the names of the sensors (with their nodes) and gateways not seen yet, given as
   * [sensorId, gatewayId, …] (a HistoryRow is one).
   */
  async learn(readings: Iterable<readonly [number, number, ...unknown[]]>): Promise<void> {
    const gateways = new Set<number>();
    const sensors = new Set<number>();
    for (const [sensorId, gatewayId] of readings) {
      if (!this.sensorFragments.has(sensorId)) sensors.add(sensorId);
      if (!this.gatewayFragments.has(gatewayId)) gateways.add(gatewayId);
    }
    if (gateways.size === 0 && sensors.size === 0) return;
    const sensorNames = await this.channels.namesOf([...sensors]);
    const nodeIds = sensorNames.map((sensor) => sensor.nodeId ?? -1);
    const names = await this.channels.namesOf([...new Set([...gateways, ...nodeIds])]);
    const byId = new Map(names.map((name) => [name.id, name]));
    for (const id of gateways) {
      const gateway = byId.get(id);
      if (gateway === undefined) throw new Error(`gateway ${id} of a reading is missing`);
      this.gatewayNames.set(id, { uuid: gateway.uuid, name: gateway.name });
      this.gatewayFragments.set(
        id,
        `"gatewayUuid":"${gateway.uuid}","gatewayName":${JSON.stringify(gateway.name)},`,
      );
    }
    for (const sensor of sensorNames) {
      const node = byId.get(sensor.nodeId ?? -1);
      if (node === undefined) throw new Error(`node of sensor ${sensor.id} is missing`);
      this.nodeHeads.set(sensor.id, this.sliceHead(node));
      this.sensorNames.set(sensor.id, {
        sensorUuid: sensor.uuid,
        sensorName: sensor.sensorName ?? sensor.name,
        nodeUuid: node.uuid,
        nodeName: node.name,
      });
      this.sensorFragments.set(
        sensor.id,
        `"nodeUuid":"${node.uuid}","nodeName":${JSON.stringify(node.name)},` +
          `"sensorUuid":"${sensor.uuid}","sensorName":${JSON.stringify(sensor.sensorName ?? sensor.name)},`,
      );
    }
  }

  /** The start of every timeslice of `channel`; push delivery builds its events from it too. */
  sliceHead(channel: { uuid: string; name: string }): string {
    return `{"channelUuid":"${channel.uuid}","channelName":${JSON.stringify(channel.name)},`;
  }

  /** One timeslice as JSON text; `value` is the stored JSON text. Call `learn` first. */
  sliceJson(head: string, reading: SliceReading): string {
    return (
      head +
      this.gatewayFragment(reading.gatewayId) +
      this.sensorFragment(reading.sensorId) +
      `"ts":${reading.ts},"type":"${reading.type}","value":${reading.value}}`
    );
  }

  /** The reading as its node's history shows it (the node as the channel). Call `learn` first. */
  nodeSliceJson(reading: SliceReading): string {
    const head = this.nodeHeads.get(reading.sensorId);
    if (head === undefined) throw new Error(`sensor ${reading.sensorId} was not learned`);
    return this.sliceJson(head, reading);
  }

  private gatewayFragment(id: number): string {
    const fragment = this.gatewayFragments.get(id);
    if (fragment === undefined) throw new Error(`gateway ${id} was not learned`);
    return fragment;
  }

  private sensorFragment(id: number): string {
    const fragment = this.sensorFragments.get(id);
    if (fragment === undefined) throw new Error(`sensor ${id} was not learned`);
    return fragment;
  }
}
