import type { StatementSync } from 'node:sqlite';
import { hasPosition, type NodeLatest, type NodeScope, type StoredReading } from '../positions.ts';
import { latestOfNodes, type SensorFind } from '../sql/positions.ts';

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

interface SensorRow {
  id: number;
  nodeId: number;
  valueType: string | null;
}

/**
 * SQLite's `latest`: a seek of the (sensor_id, ts) index per sensor. Synchronous, on whichever
 * connection `prepare` belongs to: the main one, or a read worker's (read-worker.ts).
 */
export function latestOf(
  prepare: (sql: string) => StatementSync,
  scopes: readonly NodeScope[],
  from: number,
  to: number,
): NodeLatest[] {
  return latestOfNodes(scopes, sensorFinds(prepare, scopes, from, to));
}

/** Per sensor of the nodes in scope: its newest reading in range and, for GPS, its newest fix. */
export function sensorFinds(
  prepare: (sql: string) => StatementSync,
  scopes: readonly NodeScope[],
  from: number,
  to: number,
): SensorFind[] {
  const sensorsByNode = new Map<number, SensorRow[]>();
  const ids = JSON.stringify(scopes.map((scope) => scope.id));
  for (const sensor of prepare(sensors).all(ids) as unknown as SensorRow[]) {
    let list = sensorsByNode.get(sensor.nodeId);
    if (!list) sensorsByNode.set(sensor.nodeId, (list = []));
    list.push(sensor);
  }
  const newestOf = prepare(newest);
  const newestFixOf = prepare(newestFix);
  const finds: SensorFind[] = [];
  for (const scope of scopes) {
    for (const sensor of sensorsByNode.get(scope.id) ?? []) {
      const since = Math.min(scope.all ?? Infinity, scope.only?.get(sensor.id) ?? Infinity);
      if (since === Infinity) continue;
      const start = Math.max(from, since);
      const found = newestOf.get(sensor.id, start, to) as StoredReading | undefined;
      if (!found) continue;
      let fix: StoredReading | undefined;
      if (sensor.valueType === 'GPS') {
        fix = hasPosition(found.value)
          ? found
          : (newestFixOf.get(sensor.id, start, to) as StoredReading | undefined);
      }
      finds.push({
        sensorId: sensor.id,
        nodeId: scope.id,
        valueType: sensor.valueType,
        newest: found,
        fix,
      });
    }
  }
  return finds;
}
