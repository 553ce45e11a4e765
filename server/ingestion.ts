import type { Store } from './store/store.ts';
import type { Channel, NewSensor } from './store/channels.ts';
import type { NewReading } from './store/readings.ts';
import type { GatewayMessage, IngestResult } from './schemas/ingest.ts';
import type { PublishedReading } from './events.ts';
import type { EventBus } from './events/event-bus.ts';
import type { Metrics } from './http/metrics.ts';
import { TemperatureAlarms, type TempCandidate } from './alarms/temperature-alarms.ts';
import { PlaceAlarms, type PlacePosition } from './alarms/place-alarms.ts';

const FUTURE_TOLERANCE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/**
 * Readings older than this are refused: history is kept per day (PostgreSQL makes a partition
 * per day), and a gateway with a wrong clock must not make hundreds of them. docs/decisions/0018-storage.md,
 * "Storage".
 */
export const MAX_READING_AGE_DAYS = 400;

/**
 * A gateway delivers for the nodes of its own tenant only (docs/decisions/0040-gateway-tenancy.md):
 * serials are unique across tenants, so a node found under another tenant is treated as unknown.
 */
function ownNodes(gateway: Channel, found: Map<string, Channel>): Map<string, Channel> {
  return new Map([...found].filter(([, node]) => node.tenant === gateway.tenant));
}

/**
 * Stores what a gateway delivers. Sensors appear on their first message; nodes must be
 * commissioned. A batch lands in one transaction, read and written a batch at a time (a few
 * statements per batch, not per message, which a database over the network needs); a message the
 * cloud cannot take is reported back by its index and the others are stored.
 */
export class Ingestion {
  private readonly store: Store;
  private readonly bus: Pick<EventBus, 'appended'>;
  private readonly now: () => number;

  private readonly maxAgeDays: number;
  private readonly metrics: Pick<Metrics, 'ingested'> | undefined;
  private readonly alarmHoldOffMs: number;

  /**
   * `retentionDays`: readings older than that are refused too, as they would not be kept.
   * `alarmHoldOffMs`: how long readings stay back within limits before an alarm clears.
   */
  constructor(
    store: Store,
    bus: Pick<EventBus, 'appended'>,
    now: () => number,
    retentionDays: number | null,
    metrics?: Pick<Metrics, 'ingested'>,
    alarmHoldOffMs = 0,
  ) {
    this.alarmHoldOffMs = alarmHoldOffMs;
    this.store = store;
    this.bus = bus;
    this.now = now;
    this.maxAgeDays = Math.min(MAX_READING_AGE_DAYS, retentionDays ?? Infinity);
    this.metrics = metrics;
  }

  async ingest(gateway: Channel, messages: readonly GatewayMessage[]): Promise<IngestResult> {
    const result: IngestResult = { status: 'OK', accepted: 0, duplicates: 0, rejected: [] };
    const now = this.now();
    const latest = now + FUTURE_TOLERANCE_MS;
    const oldest = now - this.maxAgeDays * DAY_MS;
    const timely = (message: GatewayMessage) => message.ts <= latest && message.ts >= oldest;
    const seq = await this.store.transaction(async (tx) => {
      // Within one transaction nodes, sensors and memberships cannot change under us, so each is
      // looked up once per batch rather than once per message.
      const nodes = ownNodes(
        gateway,
        await tx.channels.findCommissionedMany(
          messages.filter(timely).map((message) => message.node),
        ),
      );
      const wanted = new Map<string, NewSensor>();
      for (const message of messages) {
        const node = nodes.get(message.node);
        if (!timely(message) || !node) continue;
        const key = `${node.id}/${message.sensor}`;
        if (!wanted.has(key)) wanted.set(key, this.newSensor(node, message));
      }
      const created = await tx.channels.ensureSensors([...wanted.values()]);
      const sensors = new Map([...wanted.keys()].map((key, i) => [key, created[i]]));
      const groups = await tx.groups.activeGroupsOf([
        ...created.map((sensor) => sensor.id),
        ...new Set(created.map((sensor) => sensor.nodeId ?? -1)),
      ]);
      const publishTo = new Map<number, number[]>();
      const readings: NewReading[] = [];
      /** TEMP readings with a temperature, by their index in `readings`: what alarms look at. */
      const temps = new Map<number, TempCandidate>();
      /** GPS readings with coordinates, by their index in `readings`: what place alarms see. */
      const positions = new Map<number, Omit<PlacePosition, 'readingId'>>();
      messages.forEach((message, index) => {
        if (message.ts > latest) {
          result.rejected.push({ index, reason: 'ts is more than 5 minutes in the future' });
          return;
        }
        if (message.ts < oldest) {
          const reason = `ts is more than ${this.maxAgeDays} days in the past${this.maxAgeDays < MAX_READING_AGE_DAYS ? ', beyond the retention period' : ''}`;
          result.rejected.push({ index, reason });
          return;
        }
        const node = nodes.get(message.node);
        if (!node) {
          // The same words whether the node is missing or another tenant's: a gateway learns
          // nothing about other tenants' serials.
          const reason = `node ${message.node} is not commissioned in tenant ${gateway.tenant}`;
          result.rejected.push({ index, reason });
          return;
        }
        const sensor = sensors.get(`${node.id}/${message.sensor}`);
        if (!sensor) throw new Error(`sensor ${message.sensor} of ${message.node} was not made`);
        if (sensor.valueType !== message.type) {
          const reason = `sensor ${message.sensor} of ${message.node} sends ${sensor.valueType}, not ${message.type}`;
          result.rejected.push({ index, reason });
          return;
        }
        let channelIds = publishTo.get(sensor.id);
        if (channelIds === undefined) {
          const inGroups = [...(groups.get(sensor.id) ?? []), ...(groups.get(node.id) ?? [])];
          channelIds = [sensor.id, node.id, ...new Set(inGroups)];
          publishTo.set(sensor.id, channelIds);
        }
        if (message.type === 'TEMP' && message.value.temperature !== undefined) {
          temps.set(readings.length, {
            sensor,
            node,
            ts: message.ts,
            value: message.value.temperature,
            channelIds,
          });
        }
        const { lat, lon } = message.type === 'GPS' ? message.value : {};
        if (lat !== undefined && lon !== undefined) {
          positions.set(readings.length, {
            node,
            sensorId: sensor.id,
            ts: message.ts,
            lat,
            lon,
            channelIds,
          });
        }
        readings.push({
          sensorId: sensor.id,
          nodeId: node.id,
          gatewayId: gateway.id,
          ts: message.ts,
          type: message.type,
          value: JSON.stringify(message.value),
          channelIds,
        });
      });
      // Alarms are raised and cleared in this transaction: none without its reading, none lost.
      const alarms = await TemperatureAlarms.prepare(
        tx,
        [...temps.values()],
        groups,
        this.alarmHoldOffMs,
        [...new Set(readings.map((reading) => reading.nodeId))],
      );
      const places = await PlaceAlarms.prepare(
        tx,
        [...positions.values()],
        groups,
        this.alarmHoldOffMs,
      );
      const ids = await tx.readings.store(readings);
      const storedPositions: PlacePosition[] = [];
      const stored: PublishedReading[] = [];
      const storedTemps: Parameters<TemperatureAlarms['apply']>[0][number][] = [];
      readings.forEach((reading, i) => {
        const readingId = ids[i];
        if (readingId === undefined) {
          result.duplicates++;
          return;
        }
        stored.push({ ...reading, readingId });
        const position = positions.get(i);
        if (position) storedPositions.push({ ...position, readingId });
        const temp = temps.get(i);
        if (temp)
          storedTemps.push({
            sensorId: reading.sensorId,
            ts: temp.ts,
            value: temp.value,
            readingId,
          });
      });
      result.accepted = stored.length;
      const heard = new Map<
        number,
        { ts: number; readingId: number; channelIds: readonly number[] }
      >();
      for (const reading of stored) {
        const known = heard.get(reading.nodeId);
        if (!known || known.ts < reading.ts) heard.set(reading.nodeId, reading);
      }
      const alarmEvents = [
        ...(await alarms.apply(storedTemps, now, heard)),
        ...(await places.apply(storedPositions, now)),
      ];
      // What was stored joins the event log in the same transaction: push and live streams of
      // every instance read it from there.
      if (stored.length === 0) return undefined;
      const body =
        alarmEvents.length > 0 ? { readings: stored, alarms: alarmEvents } : { readings: stored };
      return tx.eventLog.append(body, now);
    });
    if (seq !== undefined) this.bus.appended(seq);
    this.metrics?.ingested.inc({ outcome: 'stored' }, result.accepted);
    this.metrics?.ingested.inc({ outcome: 'duplicate' }, result.duplicates);
    this.metrics?.ingested.inc({ outcome: 'rejected' }, result.rejected.length);
    return result;
  }

  private newSensor(node: Channel, message: GatewayMessage): NewSensor {
    return {
      type: 'SENSOR',
      name: `${node.name}/${message.sensor}`,
      tenant: node.tenant,
      ownerId: node.ownerId,
      nodeId: node.id,
      sensorName: message.sensor,
      valueType: message.type,
      now: this.now(),
    };
  }
}
