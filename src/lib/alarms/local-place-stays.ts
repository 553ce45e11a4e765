import type { Alarm } from '../../../contract/alarms.ts';
import { severityOf } from '../../../contract/alarm-rules/severity.ts';
import {
  evaluatePlaces,
  type PlaceReading,
  type Stay,
} from '../../../contract/alarm-rules/place-rule.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import type { AlarmRules } from './alarm-rules.ts';
import type { LocalDecision } from './local-alarm-book.ts';

/** A node's positions of one batch, with the node's names as the slices carry them. */
interface NodePositions {
  nodeName: string;
  positions: PlaceReading[];
}

/** The GPS positions with coordinates among `slices`, by node. */
export function positionsByNode(slices: readonly Timeslice[]): Map<string, NodePositions> {
  const byNode = new Map<string, NodePositions>();
  for (const slice of slices) {
    if (slice.type !== 'GPS') continue;
    const { lat, lon } = slice.value;
    if (lat === undefined || lon === undefined) continue;
    const entry = byNode.get(slice.nodeUuid) ?? { nodeName: slice.nodeName, positions: [] };
    entry.positions.push({ ts: slice.ts, lat, lon, readingId: entry.positions.length });
    byNode.set(slice.nodeUuid, entry);
  }
  return byNode;
}

/**
 * Place alarms the console raises itself (a cloud without the extension): each node's stays in
 * its watched places, folded with the cloud's own rule (contract/alarm-rules/place-rule.ts,
 * docs/decisions/0135-place-alarms.md), so the same positions raise and clear the same alarms.
 * Positions come in overlapping reads: one older than the newest evaluated for its node changes
 * nothing, as in the cloud.
 */
export class LocalPlaceStays {
  private readonly holdOffMs: number;
  private readonly idOf: (key: string) => string;
  /** Nodes inside a place (or left it within the hold-off): the stay and its alarm's id. */
  private readonly open = new Map<string, { stay: Stay; alarmId: string }>();
  /** The newest position evaluated per node. */
  private readonly newest = new Map<string, number>();

  constructor(holdOffMs: number, idOf: (key: string) => string) {
    this.holdOffMs = holdOffMs;
    this.idOf = idOf;
  }

  /** Folds a node's positions in; answers the alarms raised or changed (to be kept by id). */
  add(nodeUuid: string, batch: NodePositions, rules: AlarmRules): Alarm[] {
    const places = rules.placesOf(nodeUuid);
    const before = this.open.get(nodeUuid);
    const newestBefore = this.newest.get(nodeUuid);
    this.newest.set(
      nodeUuid,
      batch.positions.reduce((newest, p) => Math.max(newest, p.ts), newestBefore ?? -Infinity),
    );
    // A stay open before is followed to its end even when its places are gone now.
    if (places.length === 0 && !before) return [];
    const stays = evaluatePlaces(
      before?.stay,
      batch.positions,
      places,
      this.holdOffMs,
      before ? undefined : newestBefore,
    );
    this.open.delete(nodeUuid);
    const changed: Alarm[] = [];
    for (const stay of stays) {
      const alarmId =
        stay === stays[0] && before
          ? before.alarmId
          : this.idOf(`${nodeUuid}:place:${stay.enteredAt}`);
      // A stay a person cleared keeps its alarm as they left it (until the node leaves).
      if (stay.status === 'active') {
        changed.push(this.alarmOf(alarmId, nodeUuid, batch.nodeName, stay, rules));
      }
      if (stay.end === undefined) {
        this.open.set(nodeUuid, { stay: { ...stay, raisedNow: false, changed: false }, alarmId });
      }
    }
    return changed;
  }

  /** A person's clear ends the alarm; the node still inside does not raise it again. */
  applyDecisions(decisions: Readonly<Record<string, LocalDecision>>): void {
    for (const open of this.open.values()) {
      if (decisions[open.alarmId]?.cleared) open.stay.status = 'cleared';
    }
  }

  private alarmOf(
    id: string,
    nodeUuid: string,
    nodeName: string,
    stay: Stay,
    rules: AlarmRules,
  ): Alarm {
    const name = rules.nodeName(nodeUuid) ?? nodeName;
    const cleared = stay.end?.kind === 'cleared' ? stay.end : undefined;
    return {
      id,
      kind: 'place',
      severity: severityOf.place,
      state: cleared ? 'cleared' : 'raised',
      tenant: rules.tenantOf(nodeUuid),
      channelUuid: nodeUuid,
      channelName: name,
      nodeUuid,
      nodeName: name,
      place: stay.place,
      raisedAt: stay.enteredAt,
      ...(cleared ? { cleared: { at: cleared.at } } : {}),
    };
  }
}
