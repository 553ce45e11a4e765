import { randomUUID } from 'node:crypto';
import { nearestLimits, readLimits, type LimitSource } from '../../contract/temperature-limits.ts';
import type { Channel } from '../store/channels.ts';
import type { Store } from '../store/store.ts';
import { slotOf, type AlarmRow, type NewAlarmRow } from '../store/alarms.ts';
import { toAlarm, type AlarmEvent } from './alarm-json.ts';
import { evaluateOnce, groupBy, transitionEvents } from './alarm-transitions.ts';
import {
  bandFrom,
  evaluateTemperature,
  type Band,
  type Episode,
  type TempReading,
} from '../../contract/alarm-rules/temperature-rule.ts';
import type { TemperatureSeverity } from '../../contract/alarm-rules/temperature-severity.ts';

/** A TEMP message of a batch, before it is stored. */
export interface TempCandidate {
  sensor: Channel;
  node: Channel;
  ts: number;
  value: number;
  /** Its sensor, node and their groups. */
  channelIds: readonly number[];
}

interface SensorWork {
  sensor: Channel;
  node: Channel;
  band: Band | undefined;
  open: AlarmRow | undefined;
  newestBefore: number | undefined;
  channelIds: readonly number[];
}

function source(channel: { name: string; properties: string | null }): LimitSource | undefined {
  if (channel.properties === null) return undefined;
  const reading = readLimits(JSON.parse(channel.properties));
  return reading.kind === 'limits' ? { name: channel.name, limits: reading.limits } : undefined;
}

const isSeverity = (text: string): text is TemperatureSeverity =>
  text === 'warning' || text === 'major' || text === 'critical';

function episodeOf(row: AlarmRow): Episode {
  const episode: Episode = {
    id: row.id,
    status: row.status,
    direction: row.direction === 'below' ? 'below' : 'above',
    firstOutAt: row.first_out_at,
    firstValue: row.first_value ?? 0,
    peak: row.peak ?? row.first_value ?? 0,
    peakAt: row.peak_at ?? row.first_out_at,
    lastTs: row.last_ts,
  };
  if (row.limit_min !== null) episode.limitMin = row.limit_min;
  if (row.limit_max !== null) episode.limitMax = row.limit_max;
  if (row.raised_at !== null) episode.raisedAt = row.raised_at;
  if (row.raised_reading_id !== null) episode.raisedReadingId = row.raised_reading_id;
  if (row.raised_value !== null) episode.raisedValue = row.raised_value;
  if (row.back_in_at !== null) episode.backInAt = row.back_in_at;
  // A pending excursion has no severity yet; one raised keeps what it reached.
  if (row.status !== 'pending' && isSeverity(row.severity)) episode.severity = row.severity;
  return episode;
}

/**
 * Temperature alarms of one ingested batch, in its transaction (docs/decisions/0080-alarms.md).
 * `prepare` runs before the batch's readings are stored (it needs to know what came before
 * them), `apply` after (an alarm names the reading that raised it).
 */
export class TemperatureAlarms {
  private readonly work = new Map<number, SensorWork>();
  /** Open silence alarms of the batch's nodes: a reading of the node clears them. */
  private silent: AlarmRow[] = [];
  private readonly tx: Store;
  private readonly holdOffMs: number;

  private constructor(tx: Store, holdOffMs: number) {
    this.tx = tx;
    this.holdOffMs = holdOffMs;
  }

  static async prepare(
    tx: Store,
    candidates: readonly TempCandidate[],
    groupsOf: ReadonlyMap<number, readonly number[]>,
    holdOffMs: number,
    nodeIds: readonly number[] = [],
  ): Promise<TemperatureAlarms> {
    const alarms = new TemperatureAlarms(tx, holdOffMs);
    if (candidates.length === 0 && nodeIds.length === 0) return alarms;
    const bySensor = groupBy(candidates, (candidate) => candidate.sensor.id);
    // Groups' limits apply only where neither the sensor nor its node names any.
    const groupIds = new Set<number>();
    for (const [sensorId, [first]] of bySensor) {
      if (!first || source(first.sensor) || source(first.node)) continue;
      for (const id of groupsOf.get(sensorId) ?? []) groupIds.add(id);
      for (const id of groupsOf.get(first.node.id) ?? []) groupIds.add(id);
    }
    const groupProperties = await tx.alarms.propertiesOf([...groupIds]);
    // One read for both kinds: the sensors' temperature alarms and the nodes' silence alarms.
    const openRows = await tx.alarms.open([
      ...[...bySensor.keys()].map((id) => slotOf(id, 'temperature')),
      ...nodeIds.map((id) => slotOf(id, 'silence')),
    ]);
    alarms.silent = openRows.filter((row) => row.kind === 'silence');
    const openBySensor = new Map(
      openRows.filter((row) => row.kind === 'temperature').map((row) => [row.channel_id, row]),
    );
    for (const [sensorId, list] of bySensor) {
      const first = list[0];
      if (!first) continue;
      const sensorLimits = source(first.sensor);
      const nodeLimits = source(first.node);
      const groups =
        sensorLimits || nodeLimits
          ? []
          : [
              ...new Set([
                ...(groupsOf.get(sensorId) ?? []),
                ...(groupsOf.get(first.node.id) ?? []),
              ]),
            ]
              .map((id) =>
                source({ name: String(id), properties: groupProperties.get(id) ?? null }),
              )
              .filter((found) => found !== undefined);
      const band = bandFrom(nearestLimits(sensorLimits, nodeLimits, groups));
      const open = openBySensor.get(sensorId);
      if (!band && !open) continue;
      const outside = list.some(
        (c) =>
          (band?.max !== undefined && c.value > band.max) ||
          (band?.min !== undefined && c.value < band.min),
      );
      // Only an excursion that may begin now needs to know what came before the batch.
      const newestBefore = !open && outside ? await tx.readings.latestTs(sensorId) : undefined;
      alarms.work.set(sensorId, {
        sensor: first.sensor,
        node: first.node,
        band,
        open,
        newestBefore,
        channelIds: first.channelIds,
      });
    }
    return alarms;
  }

  /** Evaluates the stored readings (duplicates left out) and writes what changed. */
  async apply(
    stored: readonly (TempReading & { sensorId: number })[],
    now: number,
    heard: ReadonlyMap<
      number,
      { ts: number; readingId: number; channelIds: readonly number[] }
    > = new Map(),
  ): Promise<AlarmEvent[]> {
    const events: AlarmEvent[] = await this.endSilence(heard, now);
    const bySensor = groupBy(
      stored.filter((reading) => this.work.has(reading.sensorId)),
      (reading) => reading.sensorId,
    );
    for (const [sensorId, readings] of bySensor) {
      const work = this.work.get(sensorId);
      if (!work) continue;
      const episodes = await evaluateOnce(
        this.tx,
        slotOf(sensorId, 'temperature'),
        work.open,
        (open) =>
          evaluateTemperature(
            open && episodeOf(open),
            readings,
            work.band,
            this.holdOffMs,
            open ? undefined : work.newestBefore,
          ),
        (found) => found.some((e) => e.end?.kind !== 'cancelled'),
      );
      for (const episode of episodes) {
        events.push(...(await this.write(work, episode, now)));
      }
    }
    return events;
  }

  /** A node heard from again: its silence alarm clears (or, cleared by a person, lets go). */
  private async endSilence(
    heard: ReadonlyMap<number, { ts: number; readingId: number; channelIds: readonly number[] }>,
    now: number,
  ): Promise<AlarmEvent[]> {
    const events: AlarmEvent[] = [];
    for (const row of this.silent) {
      const reading = heard.get(row.node_id);
      if (!reading) continue;
      if (row.status !== 'active') {
        await this.tx.alarms.update(row.id, { slot: null, last_ts: reading.ts, updated_at: now });
        continue;
      }
      const changes = {
        status: 'cleared' as const,
        slot: null,
        last_ts: reading.ts,
        cleared_at: reading.ts,
        cleared_reading_id: reading.readingId,
        updated_at: now,
      };
      await this.tx.alarms.update(row.id, changes);
      const view = await this.tx.alarms.findById(row.id);
      if (!view) continue;
      events.push({
        type: 'cleared',
        alarm: toAlarm(view),
        // The node and its groups (a reading's channels begin with its sensor).
        channelIds: reading.channelIds.slice(1),
        nodeId: row.node_id,
        raisedAt: row.raised_at ?? row.first_out_at,
      });
    }
    return events;
  }

  private async write(work: SensorWork, episode: Episode, now: number): Promise<AlarmEvent[]> {
    const { alarms } = this.tx;
    if (episode.end?.kind === 'cancelled') {
      if (episode.id !== undefined) await alarms.remove(episode.id);
      return [];
    }
    const cleared = episode.end?.kind === 'cleared' ? episode.end : undefined;
    const stillOpen = episode.end === undefined;
    const fields = {
      status: cleared ? ('cleared' as const) : episode.status,
      severity: episode.severity ?? 'warning',
      slot: stillOpen ? slotOf(work.sensor.id, 'temperature') : null,
      direction: episode.direction,
      limit_min: episode.limitMin ?? null,
      limit_max: episode.limitMax ?? null,
      first_out_at: episode.firstOutAt,
      first_value: episode.firstValue,
      raised_at: episode.raisedAt ?? null,
      raised_reading_id: episode.raisedReadingId ?? null,
      raised_value: episode.raisedValue ?? null,
      peak: episode.peak,
      peak_at: episode.peakAt,
      last_ts: episode.lastTs,
      back_in_at: episode.backInAt ?? null,
      updated_at: now,
      ...(cleared ? { cleared_at: cleared.at, cleared_reading_id: cleared.readingId } : {}),
    };
    let row: AlarmRow;
    if (episode.id === undefined) {
      const insert: NewAlarmRow = {
        uuid: randomUUID(),
        tenant: work.sensor.tenant,
        kind: 'temperature',
        channel_id: work.sensor.id,
        node_id: work.node.id,
        ...fields,
      };
      const id = await alarms.insert(insert);
      if (id === undefined) throw new Error(`alarm slot of sensor ${work.sensor.id} was taken`);
      row = { ...blankRow, ...insert, id } as AlarmRow;
    } else {
      if (!episode.changed && !episode.end) return [];
      await alarms.update(episode.id, fields);
      row = { ...(work.open ?? blankRow), ...fields, id: episode.id } as AlarmRow;
    }
    const view = {
      ...row,
      channel_uuid: work.sensor.uuid,
      channel_name: work.sensor.name,
      node_uuid: work.node.uuid,
      node_name: work.node.name,
    };
    const base = {
      channelIds: [...work.channelIds],
      nodeId: work.node.id,
      raisedAt: episode.raisedAt ?? episode.firstOutAt,
    };
    // Raising sets raisedAt: an excursion cleared before it raised (a delay) says nothing.
    const clearedNow = cleared !== undefined && episode.raisedAt !== undefined;
    return transitionEvents(base, view, episode.raisedNow === true, clearedNow);
  }
}

const blankRow: Omit<AlarmRow, 'id'> = {
  uuid: '',
  tenant: '',
  kind: 'temperature',
  severity: 'warning',
  status: 'pending',
  slot: null,
  channel_id: 0,
  node_id: 0,
  direction: null,
  limit_min: null,
  limit_max: null,
  first_out_at: 0,
  first_value: null,
  raised_at: null,
  raised_reading_id: null,
  raised_value: null,
  peak: null,
  peak_at: null,
  last_ts: 0,
  back_in_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  acknowledged_comment: null,
  cleared_at: null,
  cleared_by: null,
  cleared_comment: null,
  cleared_reading_id: null,
  updated_at: 0,
  place: null,
};
