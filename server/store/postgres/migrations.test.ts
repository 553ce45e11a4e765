import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { admin } from '../../test/postgres-cluster.ts';
import { migrations } from '../sql/migrations.ts';
import { openPgStore, type PgStore } from './store.ts';
import { schemaVersion } from './database.ts';

const DAY = 86_400_000;

const pgMigrations = migrations('postgres');

describe('PostgreSQL migrations', () => {
  const name = `m_${randomBytes(6).toString('hex')}`;
  const base = inject('postgresUrl');
  const url = base.replace(/\/[^/]*$/, `/${name}`);
  beforeAll(() => admin(base, `CREATE DATABASE ${name}`));
  afterAll(() => admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('run once when three instances start at the same moment on an empty database', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => openPgStore({ url, poolSize: 2 })));
    try {
      const applied = await stores[0]?.pool.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied?.rows.map((row) => row.version)).toEqual(pgMigrations.map((_, i) => i + 1));
      expect(await schemaVersion((stores[0] as PgStore).pool)).toEqual({
        at: pgMigrations.length,
        needed: pgMigrations.length,
      });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('bring a database of an older version up to date, keeping its data', async () => {
    const older = `o_${randomBytes(6).toString('hex')}`;
    await admin(base, `CREATE DATABASE ${older}`);
    const olderUrl = base.replace(/\/[^/]*$/, `/${older}`);
    const client = new pg.Client({ connectionString: olderUrl });
    await client.connect();
    await client.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query(pgMigrations[0]?.sql ?? '');
    await client.query(
      "INSERT INTO schema_migrations (version) VALUES (1); INSERT INTO tenants VALUES ('kept')",
    );
    await client.end();
    const store = await openPgStore({ url: olderUrl, poolSize: 1 });
    try {
      expect(await schemaVersion(store.pool)).toEqual({
        at: pgMigrations.length,
        needed: pgMigrations.length,
      });
      expect((await store.pool.query('SELECT name FROM tenants')).rows).toEqual([{ name: 'kept' }]);
    } finally {
      await store.close();
      await admin(base, `DROP DATABASE IF EXISTS ${older} WITH (FORCE)`);
    }
  });

  it('take a database the next release expanded, as the previous release during a rolling upgrade', async () => {
    // The next release's expand step: a column added with a default, a table added.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('ALTER TABLE tenants ADD COLUMN next_release_note text DEFAULT NULL');
    await client.query('CREATE TABLE next_release_things (id bigint PRIMARY KEY)');
    await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [
      pgMigrations.length + 1,
    ]);
    await client.end();
    const store = await openPgStore({ url, poolSize: 1 });
    try {
      // Ready (docs/decisions/0181-rolling-upgrades.md), left as it is, and it reads and writes.
      expect(await store.notReady()).toBeUndefined();
      expect(await schemaVersion(store.pool)).toEqual({
        at: pgMigrations.length + 1,
        needed: pgMigrations.length,
      });
      await store.users.ensureTenant('after-expand');
      expect((await store.pool.query('SELECT name FROM tenants')).rows).toContainEqual({
        name: 'after-expand',
      });
    } finally {
      await store.close();
    }
  });
});

describe('readings partitioned by day', () => {
  const name = `p_${randomBytes(6).toString('hex')}`;
  const base = inject('postgresUrl');
  let store: PgStore;
  beforeAll(async () => {
    await admin(base, `CREATE DATABASE ${name} TEMPLATE telemetry_template`);
    store = await openPgStore({ url: base.replace(/\/[^/]*$/, `/${name}`), poolSize: 3 });
  });
  afterAll(async () => {
    await store.close();
    await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('makes one partition per day as readings arrive, also when batches race for it', async () => {
    await store.users.ensureTenant('demo');
    const node = await store.channels.create({
      type: 'NODE',
      name: 'N',
      tenant: 'demo',
      ownerId: null,
      reference: 'N-1',
      now: 0,
    });
    const day = Date.UTC(2026, 10, 20);
    const batch = (sensor: number, ts: number[]) =>
      store.readings.store(
        ts.map((t) => ({
          sensorId: sensor,
          nodeId: node.id,
          gatewayId: node.id,
          ts: t,
          type: 'TEMP',
          value: '{}',
          channelIds: [node.id],
        })),
      );
    // Two batches at once need the same two new days.
    const [a, b] = await Promise.all([
      batch(1, [day + 1, day + DAY + 1]),
      batch(2, [day + 2, day + DAY + 2]),
    ]);
    expect([...(a ?? []), ...(b ?? [])].every((id) => typeof id === 'number')).toBe(true);
    const { rows } = await store.pool.query<{ name: string; bound: string }>(
      `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
       JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'readings' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { name: 'readings_d20261120', bound: `FOR VALUES FROM ('${day}') TO ('${day + DAY}')` },
      {
        name: 'readings_d20261121',
        bound: `FOR VALUES FROM ('${day + DAY}') TO ('${day + 2 * DAY}')`,
      },
    ]);
    // The same again is a duplicate, not an error.
    expect(await batch(1, [day + 1])).toEqual([undefined]);
    expect(await store.readings.range(node.id, day, day + 2 * DAY, 10)).toHaveLength(4);
  });
});
