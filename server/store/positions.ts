import type { Api } from './sql/queries.ts';
import type { SqlPositionStore } from './sql/positions.ts';
/** A node in reach, with the tenant whose permissions decide whether its history may be read. */
export interface NodeInReach {
  id: number;
  uuid: string;
  name: string;
  tenant: string;
}

/** A node membership of a group the user reaches: what group history holds of that node. */
export interface GroupNodeMembership {
  nodeId: number;
  groupId: number;
  groupTenant: string;
  addedAt: number;
}

/**
 * Which readings of a node may be told: those of every sensor from `all` on, and of the sensors
 * in `only` from their own instant on (a group that holds a single sensor of the node). History
 * of a group holds what its members sent since they joined, so positions through a group do too.
 */
export interface NodeScope {
  id: number;
  uuid: string;
  name: string;
  all?: number;
  only?: Map<number, number>;
}

/** A stored reading: when, and its value as the validated JSON text it was stored as. */
export interface StoredReading {
  ts: number;
  value: string;
}

/** The newest of a node within a range: any message, a GPS message with a position, a TEMP one. */
export interface NodeLatest {
  nodeUuid: string;
  nodeName: string;
  lastSeen: number;
  gps?: StoredReading;
  temp?: StoredReading;
}

/** As section 2.3 has it: a GPS value with lat and lon, unless it says it is not stationary. */
export function hasPosition(value: string): boolean {
  const parsed = JSON.parse(value) as { lat?: unknown; lon?: unknown; stationary?: unknown };
  return (
    typeof parsed.lat === 'number' && typeof parsed.lon === 'number' && parsed.stationary !== false
  );
}

/**
 * A node's answer as JSON text for `/v1/positions`: stored values are validated JSON and are
 * spliced in as they are. Here rather than in the route so that a SQLite read worker can build it
 * (docs/decisions/0106-sqlite-reads-on-workers.md): text crosses threads cheaper than objects.
 */
export function nodeLatestJson(node: NodeLatest): string {
  let json =
    `{"nodeUuid":"${node.nodeUuid}","nodeName":${JSON.stringify(node.nodeName)}` +
    `,"lastSeen":${node.lastSeen}`;
  if (node.gps) json += `,"gps":{"ts":${node.gps.ts},"value":${node.gps.value}}`;
  if (node.temp) json += `,"temp":{"ts":${node.temp.ts},"value":${node.temp.value}}`;
  return json + '}';
}

/**
 * Our latest-positions extension's queries: the newest GPS fix and TEMP reading of many nodes,
 * each found by seeks of the readings' (sensor_id, ts) index, never a scan of a group's history.
 */
export type PositionStore = Api<SqlPositionStore>;
