import type { Timeslice } from '../../../contract/timeslice.ts';
import { trackPointOf, type TrackPoint } from './gps-track.ts';

/** Where a node was last seen, for the fleet map. */
export interface FleetNode {
  nodeUuid: string;
  nodeName: string;
  position: TrackPoint;
  /** Newest message of any kind from the node. */
  lastSeen: number;
  lastTemperature?: { value: number; ts: number };
}

/**
 * The newest position of every node in one or more history answers, at or before `at`. Answers
 * of different channels may overlap (a node in two groups): the newest message wins.
 */
export function latestPositions(
  answers: Iterable<readonly Timeslice[]>,
  at: number = Number.POSITIVE_INFINITY,
): FleetNode[] {
  const seen = new Map<string, { name: string; lastSeen: number }>();
  const positions = new Map<string, TrackPoint>();
  const temperatures = new Map<string, { value: number; ts: number }>();
  for (const answer of answers) {
    for (const item of answer) {
      if (item.ts > at) continue;
      const node = seen.get(item.nodeUuid);
      if (!node || node.lastSeen < item.ts) {
        seen.set(item.nodeUuid, { name: item.nodeName, lastSeen: item.ts });
      }
      if (item.type === 'TEMP' && item.value.temperature !== undefined) {
        const known = temperatures.get(item.nodeUuid);
        if (!known || known.ts < item.ts) {
          temperatures.set(item.nodeUuid, { value: item.value.temperature, ts: item.ts });
        }
        continue;
      }
      const point = trackPointOf(item);
      if (!point) continue;
      const known = positions.get(item.nodeUuid);
      if (!known || known.ts < point.ts) positions.set(item.nodeUuid, point);
    }
  }
  const nodes: FleetNode[] = [];
  for (const [nodeUuid, position] of positions) {
    const node = seen.get(nodeUuid);
    if (!node) continue;
    const fleetNode: FleetNode = {
      nodeUuid,
      nodeName: node.name,
      position,
      lastSeen: node.lastSeen,
    };
    const temperature = temperatures.get(nodeUuid);
    if (temperature) fleetNode.lastTemperature = temperature;
    nodes.push(fleetNode);
  }
  return nodes.sort((a, b) => a.nodeName.localeCompare(b.nodeName));
}
