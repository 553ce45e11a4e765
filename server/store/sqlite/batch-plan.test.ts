import { describe, expect, it } from 'vitest';
import { openSqlite } from './database.ts';
import { SqliteStore } from './store.ts';

const NODES = 3000;

/** The plan SQLite makes for each SELECT `work` prepares, as its steps' details. */
async function plansOf(db: ReturnType<typeof openSqlite>, work: () => Promise<unknown>) {
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  };
  await work();
  db.prepare = prepare;
  return prepared
    .filter((sql) => /^\s*SELECT\b/i.test(sql))
    .map((sql) => {
      const plan = db.raw
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...Array.from(sql.matchAll(/\?/g), () => null)) as { detail: string }[];
      return plan.map((row) => row.detail).join('\n');
    });
}

describe('a gateway batch on a fleet-sized table', () => {
  it('finds its nodes and their sensors through their own indexes once statistics are taken', async () => {
    const db = openSqlite(':memory:');
    // A fleet as seeding leaves it: each commissioned node, then its three sensors. (Statistics
    // sampled from such a table, as PRAGMA optimize takes them, guessed a few hundred rows per
    // type, and the planner read every sensor for a batch again.)
    db.raw.exec(`
      INSERT INTO tenants(name) VALUES ('fleet');
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${NODES}),
        k(j, type, sensor) AS (VALUES (0, 'NODE', NULL), (1, 'SENSOR', 'temp'),
          (2, 'SENSOR', 'gps'), (3, 'SENSOR', 'conn'))
      INSERT INTO channels(id, uuid, type, name, tenant, reference, node_id, sensor_name,
          value_type, created_at)
        SELECT 4 * i + j, 'channel-' || (4 * i + j), type, coalesce(sensor, 'Node ' || i), 'fleet',
          CASE WHEN j = 0 THEN 'SERIAL-' || i END, CASE WHEN j > 0 THEN 4 * i END, sensor,
          CASE WHEN j > 0 THEN 'TEMP' END, 0
        FROM n, k ORDER BY 1;`);
    const store = new SqliteStore(db);
    await store.optimize();
    const serials = Array.from({ length: 250 }, (_, i) => `SERIAL-${1 + i * 7}`);
    const found = await plansOf(db, () => store.channels.findCommissionedMany(serials));
    const sensors = Array.from({ length: 250 }, (_, i) => ({
      type: 'SENSOR' as const,
      name: 'temp',
      tenant: 'fleet',
      ownerId: null,
      nodeId: 4 * (1 + i * 7),
      sensorName: 'temp',
      valueType: 'TEMP',
      now: 0,
    }));
    const ensured = await plansOf(db, () => store.channels.ensureSensors(sensors));
    // Not the index on `type`, which would read every node (or every sensor) of the fleet.
    expect(found).toEqual([expect.stringContaining('channels_commissioned_serial')]);
    expect(ensured).toEqual([expect.stringContaining('channels_sensor_of_node')]);
    expect((await store.channels.findCommissionedMany(serials)).size).toBe(250);
    await store.close();
  });
});
