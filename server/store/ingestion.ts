import type { Db } from './db.ts';
import { transaction } from './db.ts';
import type { ChannelStore } from './channels.ts';
import type { GroupStore } from './groups.ts';
import type { ReadingStore } from './readings.ts';
import type { ChannelRow } from './channel-row.ts';
import type { GatewayMessage, IngestResult } from '../schemas/ingest.ts';
import type { EventHub, PublishedReading } from '../events.ts';

const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Stores what a gateway delivers. Sensors appear on their first message; nodes must be
 * commissioned. A batch lands in one transaction; a message the cloud cannot take is reported
 * back by its index and the others are stored.
 */
export class Ingestion {
  private readonly db: Db;
  private readonly channels: ChannelStore;
  private readonly groups: GroupStore;
  private readonly readings: ReadingStore;
  private readonly events: EventHub;
  private readonly now: () => number;

  constructor(
    db: Db,
    channels: ChannelStore,
    groups: GroupStore,
    readings: ReadingStore,
    events: EventHub,
    now: () => number,
  ) {
    this.db = db;
    this.channels = channels;
    this.groups = groups;
    this.readings = readings;
    this.events = events;
    this.now = now;
  }

  ingest(gateway: ChannelRow, messages: readonly GatewayMessage[]): IngestResult {
    const result: IngestResult = { status: 'OK', accepted: 0, duplicates: 0, rejected: [] };
    const published: PublishedReading[] = [];
    const latest = this.now() + FUTURE_TOLERANCE_MS;
    transaction(this.db, () => {
      // Within one transaction nodes, sensors and memberships cannot change under us, so each is
      // looked up once per batch rather than once per message.
      const nodes = new Map<string, ChannelRow | undefined>();
      const sensors = new Map<string, ChannelRow | string>();
      const publishTo = new Map<number, number[]>();
      messages.forEach((message, index) => {
        if (message.ts > latest) {
          result.rejected.push({ index, reason: 'ts is more than 5 minutes in the future' });
          return;
        }
        if (!nodes.has(message.node))
          nodes.set(message.node, this.channels.findCommissioned(message.node));
        const node = nodes.get(message.node);
        if (!node) {
          result.rejected.push({ index, reason: `node ${message.node} is not commissioned` });
          return;
        }
        const sensorKey = `${node.id}/${message.sensor}/${message.type}`;
        let sensor = sensors.get(sensorKey);
        if (sensor === undefined) {
          sensor = this.sensorFor(node, message);
          sensors.set(sensorKey, sensor);
        }
        if (typeof sensor === 'string') {
          result.rejected.push({ index, reason: sensor });
          return;
        }
        let channelIds = publishTo.get(sensor.id);
        if (channelIds === undefined) {
          channelIds = [sensor.id, node.id, ...this.groups.groupsOf(sensor.id, node.id)];
          publishTo.set(sensor.id, channelIds);
        }
        const value = JSON.stringify(message.value);
        const reading = {
          sensorId: sensor.id,
          nodeId: node.id,
          gatewayId: gateway.id,
          ts: message.ts,
          type: message.type,
          value,
        };
        const readingId = this.readings.store(reading, channelIds);
        if (readingId === undefined) {
          result.duplicates++;
          return;
        }
        result.accepted++;
        published.push({ ...reading, readingId, channelIds });
      });
    });
    this.events.published(published);
    return result;
  }

  /** The sensor's channel, created on its first message; a string says why the message is refused. */
  private sensorFor(node: ChannelRow, message: GatewayMessage): ChannelRow | string {
    const existing = this.channels.findSensor(node.id, message.sensor);
    if (existing) {
      return existing.value_type === message.type
        ? existing
        : `sensor ${message.sensor} of ${message.node} sends ${existing.value_type}, not ${message.type}`;
    }
    return this.channels.create({
      type: 'SENSOR',
      name: `${node.name}/${message.sensor}`,
      tenant: node.tenant,
      ownerId: node.owner_id,
      nodeId: node.id,
      sensorName: message.sensor,
      valueType: message.type,
      now: this.now(),
    });
  }
}
