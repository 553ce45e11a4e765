import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { expectOk } from '../test/assertions.ts';
import { commission, createGroup, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { openSqlite } from './sqlite/database.ts';
import { migrations } from './sqlite/migrations.ts';

const openDatabase = (dataDir: string) => openSqlite(dataDir).raw;

const userVersion = (db: DatabaseSync) =>
  (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
const schemaOf = (db: DatabaseSync) =>
  db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();

describe('a file database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'telemetry-storage-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps everything across a restart', async () => {
    let cloud: TestCloud = await createTestCloud({ dataDir, logLevel: 'silent' });
    const gateway = await registerGateway(cloud, 'GW-FILE');
    const group = await createGroup(cloud, 'Persistent');
    const node = await commission(cloud, 'VAN-FILE', { name: 'Van File', group: group.uuid });
    await ingest(cloud, gateway, [
      temp('VAN-FILE', T0 - 2_000, 3),
      temp('VAN-FILE', T0 - 1_000, 4),
    ]);
    expectOk(
      await cloud.call('PUT', `/v1/channels/${node.uuid}/properties`, {
        query: { properties: '{"kept":true}' },
      }),
    );
    expectOk(
      await cloud.call('PUT', `/v1/channels/${group.uuid}/push`, {
        query: { to: 'https://hooks.example/kept', interval: '15', secret: 'kept-secret' },
      }),
    );
    const reads = async (c: TestCloud) => ({
      listing: (await c.call('GET', '/v1/channels')).json,
      node: (await c.call('GET', `/v1/channels/${node.uuid}`)).json,
      group: (await c.call('GET', `/v1/channels/${group.uuid}`)).json,
      members: (await c.call('GET', `/v1/groups/${group.uuid}`)).json,
      history: (await c.call('GET', `/v1/channels/${group.uuid}/history`)).json,
      fleet: (await c.call('GET', '/v1/channels', { as: 'fleet' })).json,
    });
    const before = await reads(cloud);
    expect(before.history).toHaveLength(2);
    await cloud.close();

    cloud = await createTestCloud({ dataDir, logLevel: 'silent' });
    try {
      expect(await reads(cloud)).toEqual(before);
      const secret = await cloud.sql.all(
        'SELECT push_secret FROM channels WHERE uuid = ?',
        group.uuid,
      );
      expect(secret).toEqual([{ push_secret: 'kept-secret' }]);
      // The gateway's key still works, and commissioned serials are still taken.
      expect((await ingest(cloud, gateway, [temp('VAN-FILE', T0, 5)])).json).toMatchObject({
        accepted: 1,
      });
      expect(
        (await cloud.call('POST', '/v1/nodes/VAN-FILE', { query: { name: 'Again' } })).status,
      ).toBe(409);
    } finally {
      await cloud.close();
    }
  });

  it('runs in WAL mode; a memory database needs none', () => {
    const db = openDatabase(dataDir);
    try {
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    } finally {
      db.close();
    }
    const memory = openDatabase(':memory:');
    expect(memory.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'memory' });
    memory.close();
  });
});

describe('migrations', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'telemetry-migrations-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = () => join(dataDir, 'telemetry.sqlite');

  it('bring a new database to the latest version, and run once', () => {
    const db = openDatabase(dataDir);
    expect(userVersion(db)).toBe(migrations.length);
    const schema = schemaOf(db);
    db.prepare("INSERT INTO tenants (name) VALUES ('kept')").run();
    db.close();

    // Reopening runs nothing again (a second CREATE TABLE would throw) and keeps the data.
    const again = openDatabase(dataDir);
    expect(userVersion(again)).toBe(migrations.length);
    expect(schemaOf(again)).toEqual(schema);
    expect(again.prepare('SELECT name FROM tenants').all()).toEqual([{ name: 'kept' }]);
    again.close();
  });

  it('bring an older database up to date, keeping its data', () => {
    rmSync(file(), { force: true });
    const old = new DatabaseSync(file());
    old.exec(migrations[0] ?? '');
    old.exec('PRAGMA user_version = 1');
    old.prepare("INSERT INTO tenants (name) VALUES ('from-v1')").run();
    old.close();

    const db = openDatabase(dataDir);
    expect(userVersion(db)).toBe(migrations.length);
    expect(db.prepare('SELECT name FROM tenants').all()).toEqual([{ name: 'from-v1' }]);
    db.close();
  });

  it('refuse a database from a newer version and leave it as it is', () => {
    const newer = new DatabaseSync(file());
    newer.exec(`PRAGMA user_version = ${migrations.length + 1}`);
    const schema = schemaOf(newer);
    newer.close();

    expect(() => openDatabase(dataDir)).toThrow(/newer/);

    const after = new DatabaseSync(file());
    expect(userVersion(after)).toBe(migrations.length + 1);
    expect(schemaOf(after)).toEqual(schema);
    after.close();
  });
});
