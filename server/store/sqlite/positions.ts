import type {
  GroupNodeMembership,
  NodeInReach,
  NodeLatest,
  NodeScope,
  PositionStore,
  StoredReading,
} from '../positions.ts';
import { reachableListSql } from './rows.ts';
import type { SqliteScope } from './database.ts';

const memberships = `
  SELECT gm.member_id AS nodeId, g.id AS groupId, g.tenant AS groupTenant, gm.added_at AS addedAt
  FROM channels g JOIN group_members gm ON gm.group_id = g.id
  JOIN channels m ON m.id = gm.member_id AND m.type = 'NODE'
  WHERE g.type = 'GROUP' AND (g.owner_id = $u OR EXISTS (
    SELECT 1 FROM channel_grants a WHERE a.user_id = $u AND a.channel_id = g.id))`;
const members = `
  SELECT COALESCE(n.id, m.id) AS nodeId, COALESCE(n.uuid, m.uuid) AS uuid,
         COALESCE(n.name, m.name) AS name,
         CASE WHEN m.type = 'SENSOR' THEN m.id END AS sensorId, gm.added_at AS addedAt
  FROM group_members gm JOIN channels m ON m.id = gm.member_id
  LEFT JOIN channels n ON m.type = 'SENSOR' AND n.id = m.node_id
  WHERE gm.group_id = ?`;
const sensors = `
  SELECT id, node_id AS nodeId, value_type AS valueType FROM channels
  WHERE type = 'SENSOR' AND node_id IN (SELECT value FROM json_each(?))`;
const newest = `
  SELECT ts, value FROM readings WHERE sensor_id = ? AND ts >= ? AND ts <= ?
  ORDER BY ts DESC LIMIT 1`;
const newestFix = `
  SELECT ts, value FROM readings WHERE sensor_id = ? AND ts >= ? AND ts <= ?
    AND json_type(value, '$.lat') IN ('integer', 'real') AND json_type(value, '$.lon') IN ('integer', 'real')
    AND IFNULL(json_type(value, '$.stationary'), 'true') <> 'false'
  ORDER BY ts DESC LIMIT 1`;

interface MemberRow {
  nodeId: number;
  uuid: string;
  name: string;
  sensorId: number | null;
  addedAt: number;
}

interface SensorRow {
  id: number;
  nodeId: number;
  valueType: string | null;
}

/** As section 2.3 has it: a GPS value with lat and lon, unless it says it is not stationary. */
function hasPosition(value: string): boolean {
  const parsed = JSON.parse(value) as { lat?: unknown; lon?: unknown; stationary?: unknown };
  return (
    typeof parsed.lat === 'number' && typeof parsed.lon === 'number' && parsed.stationary !== false
  );
}

export class SqlitePositionStore implements PositionStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  reachableNodes(userId: number): Promise<NodeInReach[]> {
    return this.s.run(
      () =>
        this.s
          .prepare(reachableListSql('NODE', 'id, uuid, name, tenant'))
          .all({ $u: userId }) as unknown as NodeInReach[],
    );
  }

  groupNodeMemberships(userId: number): Promise<GroupNodeMembership[]> {
    return this.s.run(
      () => this.s.prepare(memberships).all({ $u: userId }) as unknown as GroupNodeMembership[],
    );
  }

  groupScopes(groupId: number): Promise<NodeScope[]> {
    return this.s.run(() => {
      const scopes = new Map<number, NodeScope>();
      for (const row of this.s.prepare(members).all(groupId) as unknown as MemberRow[]) {
        let scope = scopes.get(row.nodeId);
        if (!scope) {
          scope = { id: row.nodeId, uuid: row.uuid, name: row.name };
          scopes.set(row.nodeId, scope);
        }
        if (row.sensorId === null) scope.all = Math.min(scope.all ?? Infinity, row.addedAt);
        else (scope.only ??= new Map()).set(row.sensorId, row.addedAt);
      }
      return [...scopes.values()].sort((a, b) => a.name.localeCompare(b.name));
    });
  }

  latest(scopes: readonly NodeScope[], from: number, to: number): Promise<NodeLatest[]> {
    return this.s.run(() => {
      const sensorsByNode = new Map<number, SensorRow[]>();
      const ids = JSON.stringify(scopes.map((scope) => scope.id));
      for (const sensor of this.s.prepare(sensors).all(ids) as unknown as SensorRow[]) {
        let list = sensorsByNode.get(sensor.nodeId);
        if (!list) sensorsByNode.set(sensor.nodeId, (list = []));
        list.push(sensor);
      }
      const newestOf = this.s.prepare(newest);
      const newestFixOf = this.s.prepare(newestFix);
      const answer: NodeLatest[] = [];
      for (const scope of scopes) {
        let lastSeen = -1;
        let gps: StoredReading | undefined;
        let temp: StoredReading | undefined;
        for (const sensor of sensorsByNode.get(scope.id) ?? []) {
          const since = Math.min(scope.all ?? Infinity, scope.only?.get(sensor.id) ?? Infinity);
          if (since === Infinity) continue;
          const start = Math.max(from, since);
          const found = newestOf.get(sensor.id, start, to) as StoredReading | undefined;
          if (!found) continue;
          lastSeen = Math.max(lastSeen, found.ts);
          if (sensor.valueType === 'TEMP' && (!temp || temp.ts < found.ts)) temp = found;
          if (sensor.valueType === 'GPS') {
            const fix = hasPosition(found.value)
              ? found
              : (newestFixOf.get(sensor.id, start, to) as StoredReading | undefined);
            if (fix && (!gps || gps.ts < fix.ts)) gps = fix;
          }
        }
        if (lastSeen < 0) continue;
        const node: NodeLatest = { nodeUuid: scope.uuid, nodeName: scope.name, lastSeen };
        if (gps) node.gps = { ts: gps.ts, value: gps.value };
        if (temp) node.temp = { ts: temp.ts, value: temp.value };
        answer.push(node);
      }
      return answer;
    });
  }
}
