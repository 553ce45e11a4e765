import type { Db } from './db.ts';
import { reachableListSql } from './channels.ts';

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

interface MemberRow {
  node_id: number;
  uuid: string;
  name: string;
  sensor_id: number | null;
  added_at: number;
}

interface SensorRow {
  id: number;
  node_id: number;
  value_type: string | null;
}

interface ReadingRow {
  ts: number;
  value: string;
}

/** Escapes a name for JSON text (names may hold anything but control characters). */
const text = (value: string) => JSON.stringify(value);

/**
 * The newest GPS fix and TEMP reading of many nodes (our latest-positions extension): per sensor
 * one or two seeks of the (sensor_id, ts) index, never a scan of a group's history.
 */
export class PositionStore {
  private readonly nodesInReach;
  private readonly memberships;
  private readonly members;
  private readonly sensors;
  private readonly newest;
  private readonly newestFix;

  constructor(db: Db) {
    this.nodesInReach = db.prepare(reachableListSql('NODE', 'id, uuid, name, tenant'));
    this.memberships = db.prepare(`
      SELECT gm.member_id AS nodeId, g.tenant AS groupTenant, gm.added_at AS addedAt
      FROM channels g JOIN group_members gm ON gm.group_id = g.id
      JOIN channels m ON m.id = gm.member_id AND m.type = 'NODE'
      WHERE g.type = 'GROUP' AND (g.owner_id = $u OR EXISTS (
        SELECT 1 FROM channel_access a WHERE a.user_id = $u AND a.channel_id = g.id))`);
    this.members = db.prepare(`
      SELECT COALESCE(n.id, m.id) AS node_id, COALESCE(n.uuid, m.uuid) AS uuid,
             COALESCE(n.name, m.name) AS name,
             CASE WHEN m.type = 'SENSOR' THEN m.id END AS sensor_id, gm.added_at
      FROM group_members gm JOIN channels m ON m.id = gm.member_id
      LEFT JOIN channels n ON m.type = 'SENSOR' AND n.id = m.node_id
      WHERE gm.group_id = ?`);
    this.sensors = db.prepare(`
      SELECT id, node_id, value_type FROM channels
      WHERE type = 'SENSOR' AND node_id IN (SELECT value FROM json_each(?))`);
    this.newest = db.prepare(`
      SELECT ts, value FROM readings WHERE sensor_id = ? AND ts >= ? AND ts <= ?
      ORDER BY ts DESC LIMIT 1`);
    this.newestFix = db.prepare(`
      SELECT ts, value FROM readings WHERE sensor_id = ? AND ts >= ? AND ts <= ?
        AND json_extract(value, '$.lat') IS NOT NULL AND json_extract(value, '$.lon') IS NOT NULL
      ORDER BY ts DESC LIMIT 1`);
  }

  /** NODE channels the user reaches, as the channel listing has them. */
  reachableNodes(userId: number): NodeInReach[] {
    return this.nodesInReach.all({ $u: userId }) as unknown as NodeInReach[];
  }

  /** Node members of every group the user reaches, with the group's tenant. */
  groupNodeMemberships(userId: number): GroupNodeMembership[] {
    return this.memberships.all({ $u: userId }) as unknown as GroupNodeMembership[];
  }

  /** The nodes a group holds, whole or by one sensor, each from the moment it joined. */
  groupScopes(groupId: number): NodeScope[] {
    const scopes = new Map<number, NodeScope>();
    for (const row of this.members.all(groupId) as unknown as MemberRow[]) {
      let scope = scopes.get(row.node_id);
      if (!scope) {
        scope = { id: row.node_id, uuid: row.uuid, name: row.name };
        scopes.set(row.node_id, scope);
      }
      if (row.sensor_id === null) scope.all = Math.min(scope.all ?? Infinity, row.added_at);
      else (scope.only ??= new Map()).set(row.sensor_id, row.added_at);
    }
    return [...scopes.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The `nodes` array of the answer as JSON text: nodes without a reading in range are left out. */
  positionsJson(scopes: readonly NodeScope[], from: number, to: number): string {
    const sensorsByNode = new Map<number, SensorRow[]>();
    const ids = JSON.stringify(scopes.map((scope) => scope.id));
    for (const sensor of this.sensors.all(ids) as unknown as SensorRow[]) {
      let list = sensorsByNode.get(sensor.node_id);
      if (!list) sensorsByNode.set(sensor.node_id, (list = []));
      list.push(sensor);
    }
    const parts: string[] = [];
    for (const scope of scopes) {
      let lastSeen = -1;
      let gps: ReadingRow | undefined;
      let temp: ReadingRow | undefined;
      for (const sensor of sensorsByNode.get(scope.id) ?? []) {
        const since = Math.min(scope.all ?? Infinity, scope.only?.get(sensor.id) ?? Infinity);
        if (since === Infinity) continue;
        const start = Math.max(from, since);
        const newest = this.newest.get(sensor.id, start, to) as ReadingRow | undefined;
        if (!newest) continue;
        lastSeen = Math.max(lastSeen, newest.ts);
        if (sensor.value_type === 'TEMP' && (!temp || temp.ts < newest.ts)) temp = newest;
        if (sensor.value_type === 'GPS') {
          const fix = hasPosition(newest.value)
            ? newest
            : (this.newestFix.get(sensor.id, start, to) as ReadingRow | undefined);
          if (fix && (!gps || gps.ts < fix.ts)) gps = fix;
        }
      }
      if (lastSeen < 0) continue;
      let json = `{"nodeUuid":"${scope.uuid}","nodeName":${text(scope.name)},"lastSeen":${lastSeen}`;
      if (gps) json += `,"gps":{"ts":${gps.ts},"value":${gps.value}}`;
      if (temp) json += `,"temp":{"ts":${temp.ts},"value":${temp.value}}`;
      parts.push(json + '}');
    }
    return '[' + parts.join(',') + ']';
  }
}

function hasPosition(value: string): boolean {
  const parsed = JSON.parse(value) as { lat?: unknown; lon?: unknown };
  return typeof parsed.lat === 'number' && typeof parsed.lon === 'number';
}
