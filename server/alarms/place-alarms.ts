import { randomUUID } from 'node:crypto';
import { severityOf } from '../../contract/alarms.ts';
import { nearestPlace, type NamedPlace } from '../../contract/named-places.ts';
import type { Channel } from '../store/channels.ts';
import type { Store } from '../store/store.ts';
import { slotOf, type AlarmRow, type NewAlarmRow } from '../store/alarms.ts';
import type { AlarmEvent } from './alarm-json.ts';
import { evaluateOnce, groupBy, transitionEvents } from './alarm-transitions.ts';
import {
  evaluatePlaces,
  watchedPlaces,
  type PlaceReading,
  type Stay,
} from '../../contract/alarm-rules/place-rule.ts';

/** A GPS position of a batch with coordinates, after it is stored. */
export interface PlacePosition extends PlaceReading {
  node: Channel;
  /** The GPS sensor, its node and their groups. */
  channelIds: readonly number[];
  sensorId: number;
}

interface NodeWork {
  node: Channel;
  places: NamedPlace[];
  open: AlarmRow | undefined;
  newestBefore: number | undefined;
}

const parse = (text: string | null | undefined): Record<string, unknown> | undefined => {
  if (!text) return undefined;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
};

function stayOf(row: AlarmRow): Stay | undefined {
  const place = row.place === null ? undefined : (JSON.parse(row.place) as NamedPlace);
  if (!place || row.status === 'pending') return undefined;
  const stay: Stay = {
    id: row.id,
    status: row.status,
    place,
    enteredAt: row.first_out_at,
    lastTs: row.last_ts,
  };
  if (row.back_in_at !== null) stay.leftAt = row.back_in_at;
  return stay;
}

/**
 * Place alarms of one ingested batch, in its transaction (docs/decisions/0135-place-alarms.md).
 * `prepare` runs before the batch's positions are stored (it needs to know what came before
 * them), `apply` after (an alarm names the position that raised it).
 */
export class PlaceAlarms {
  private readonly work = new Map<number, NodeWork>();
  private readonly tx: Store;
  private readonly holdOffMs: number;

  private constructor(tx: Store, holdOffMs: number) {
    this.tx = tx;
    this.holdOffMs = holdOffMs;
  }

  static async prepare(
    tx: Store,
    positions: readonly Omit<PlacePosition, 'readingId'>[],
    groupsOf: ReadonlyMap<number, readonly number[]>,
    holdOffMs: number,
  ): Promise<PlaceAlarms> {
    const alarms = new PlaceAlarms(tx, holdOffMs);
    if (positions.length === 0) return alarms;
    const byNode = groupBy(positions, (position) => position.node.id);
    const groupIds = [...byNode.keys()].flatMap((id) => groupsOf.get(id) ?? []);
    const groupProperties = await tx.alarms.propertiesOf(groupIds);
    // A stay open before the batch is followed to its end even when its places are gone now.
    const openRows = await tx.alarms.open([...byNode.keys()].map((id) => slotOf(id, 'place')));
    const openByNode = new Map(openRows.map((row) => [row.node_id, row]));
    for (const [nodeId, list] of byNode) {
      const first = list[0];
      if (!first) continue;
      const groups = (groupsOf.get(nodeId) ?? []).map((id) => groupProperties.get(id));
      const places = watchedPlaces(parse(first.node.properties), groups.map(parse));
      const open = openByNode.get(nodeId);
      if (places.length === 0 && !open) continue;
      const inside = list.some((p) => nearestPlace(places, p.lat, p.lon) !== undefined);
      // Only a stay that may begin now needs to know what came before the batch.
      const newestBefore = !open && inside ? await tx.readings.latestTs(first.sensorId) : undefined;
      alarms.work.set(nodeId, { node: first.node, places, open, newestBefore });
    }
    return alarms;
  }

  /** Evaluates the stored positions (duplicates left out) and writes what changed. */
  async apply(stored: readonly PlacePosition[], now: number): Promise<AlarmEvent[]> {
    const byNode = groupBy(
      stored.filter((position) => this.work.has(position.node.id)),
      (position) => position.node.id,
    );
    const events: AlarmEvent[] = [];
    for (const [nodeId, list] of byNode) {
      const entry = this.work.get(nodeId);
      if (!entry) continue;
      const stays = await evaluateOnce(
        this.tx,
        slotOf(nodeId, 'place'),
        entry.open,
        (open) =>
          evaluatePlaces(
            open && stayOf(open),
            list,
            entry.places,
            this.holdOffMs,
            open ? undefined : entry.newestBefore,
          ),
        (found) => found.length > 0,
      );
      // The node and its groups (a position's channels begin with its GPS sensor).
      const channelIds = (list[0]?.channelIds ?? []).slice(1);
      for (const stay of stays) {
        events.push(...(await write(this.tx, entry.node, stay, channelIds, now)));
      }
    }
    return events;
  }
}

async function write(
  tx: Store,
  node: Channel,
  stay: Stay,
  channelIds: number[],
  now: number,
): Promise<AlarmEvent[]> {
  if (!stay.changed && !stay.end) return [];
  const cleared = stay.end?.kind === 'cleared' ? stay.end : undefined;
  const fields = {
    status: cleared ? ('cleared' as const) : stay.status,
    slot: stay.end === undefined ? slotOf(node.id, 'place') : null,
    place: JSON.stringify(stay.place),
    first_out_at: stay.enteredAt,
    raised_at: stay.enteredAt,
    last_ts: stay.lastTs,
    back_in_at: stay.leftAt ?? null,
    updated_at: now,
    ...(cleared ? { cleared_at: cleared.at, cleared_reading_id: cleared.readingId } : {}),
  };
  let id = stay.id;
  if (id === undefined) {
    const insert: NewAlarmRow = {
      uuid: randomUUID(),
      tenant: node.tenant,
      kind: 'place',
      severity: severityOf.place,
      channel_id: node.id,
      node_id: node.id,
      raised_reading_id: stay.enteredReadingId ?? null,
      ...fields,
    };
    id = await tx.alarms.insert(insert);
    if (id === undefined) throw new Error(`place alarm slot of node ${node.id} was taken`);
  } else {
    await tx.alarms.update(id, fields);
  }
  if (!stay.raisedNow && !cleared) return [];
  const view = await tx.alarms.findById(id);
  if (!view) return [];
  const base = { channelIds, nodeId: node.id, raisedAt: stay.enteredAt };
  return transitionEvents(base, view, stay.raisedNow === true, cleared !== undefined);
}
