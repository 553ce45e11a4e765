import type { NodeScope } from '../positions.ts';
import { SqlPositionStore, type SensorFind } from '../sql/positions.ts';
import type { PgScope } from './database.ts';

/**
 * Per sensor of the nodes in scope, from the moment its readings may be told: its newest reading
 * in range and, for GPS, its newest with a position. One statement, each lookup a backward scan of
 * the (sensor_id, ts) index that stops at its first row.
 */
const latest = `
  WITH scope AS (SELECT * FROM unnest($1::int[], $2::bigint[]) AS t(node_id, all_since)),
  only_ AS (SELECT * FROM unnest($3::int[], $4::bigint[]) AS t(sensor_id, since)),
  sensors AS (
    SELECT s.id, s.node_id, s.value_type,
           GREATEST($5::bigint, LEAST(sc.all_since, o.since)) AS start
    FROM channels s JOIN scope sc ON sc.node_id = s.node_id
    LEFT JOIN only_ o ON o.sensor_id = s.id
    WHERE s.type = 'SENSOR' AND (sc.all_since IS NOT NULL OR o.since IS NOT NULL)
  )
  SELECT s.id AS "sensorId", s.node_id AS "nodeId", s.value_type AS "valueType", n.ts, n.value,
         f.ts AS "fixTs", f.value AS "fixValue"
  FROM sensors s
  CROSS JOIN LATERAL (
    SELECT r.ts, r.value FROM readings r
    WHERE r.sensor_id = s.id AND r.ts BETWEEN s.start AND $6
    ORDER BY r.ts DESC LIMIT 1) n
  LEFT JOIN LATERAL (
    SELECT r.ts, r.value FROM readings r
    WHERE s.value_type = 'GPS' AND r.sensor_id = s.id AND r.ts BETWEEN s.start AND $6
      AND jsonb_typeof(r.value::jsonb -> 'lat') = 'number'
      AND jsonb_typeof(r.value::jsonb -> 'lon') = 'number'
      AND COALESCE(r.value::jsonb -> 'stationary', 'true'::jsonb) <> 'false'::jsonb
    ORDER BY r.ts DESC LIMIT 1) f ON true`;

interface LatestRow {
  sensorId: number;
  nodeId: number;
  valueType: string | null;
  ts: string;
  value: string;
  fixTs: string | null;
  fixValue: string | null;
}

/** "Since forever" for a bigint: every epoch-ms timestamp is later. */
const FOREVER = Number.MIN_SAFE_INTEGER;

/** PostgreSQL's `latest`: one statement for every node, arrays as its parameters. */
export class PgPositionStore extends SqlPositionStore<PgScope> {
  async sensorFinds(scopes: readonly NodeScope[], from: number, to: number): Promise<SensorFind[]> {
    if (scopes.length === 0) return [];
    const since = (value: number | undefined) =>
      value === undefined ? null : Math.max(FOREVER, value);
    const only = scopes.flatMap((scope) => [...(scope.only ?? new Map<number, number>())]);
    const rows = await this.s.rows<LatestRow>(
      latest,
      [
        scopes.map((scope) => scope.id),
        scopes.map((scope) => since(scope.all)),
        only.map(([sensor]) => sensor),
        only.map(([, at]) => at),
        from,
        to,
      ],
      'positions-latest',
    );
    return rows.map((row) => ({
      sensorId: row.sensorId,
      nodeId: row.nodeId,
      valueType: row.valueType,
      newest: { ts: Number(row.ts), value: row.value },
      fix:
        row.fixTs !== null && row.fixValue !== null
          ? { ts: Number(row.fixTs), value: row.fixValue }
          : undefined,
    }));
  }
}
