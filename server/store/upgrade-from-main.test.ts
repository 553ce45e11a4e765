import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { admin } from '../test/postgres-cluster.ts';
import { testEngine } from '../test/test-store.ts';
import { openPgStore } from './postgres/store.ts';
import { SQLITE_FILE } from './sqlite/database.ts';
import { openSqliteStore } from './sqlite/store.ts';
import type { Store } from './store.ts';
import { Sealer } from '../secrets/sealer.ts';
import { openSecret, sealStoredInboxSecrets } from '../secrets/push-secrets.ts';

/**
 * Databases made by the cloud of commit 13704e7 (before migrations were files and stores were
 * written once): fixtures/main-13704e7.*.sql, dumped from what that code wrote. Opening one
 * brings it up to date in place, and everything it held reads and writes as before.
 */
const DAY0 = Date.UTC(2026, 10, 20, 8);
const fixture = (engine: string) =>
  readFileSync(new URL(`fixtures/main-13704e7.${engine}.sql`, import.meta.url), 'utf8');

async function upgradedSqlite(): Promise<{ store: Store; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'telemetry-upgrade-'));
  const old = new DatabaseSync(join(dir, SQLITE_FILE));
  old.exec(fixture('sqlite'));
  old.close();
  const store = openSqliteStore(dir);
  return {
    store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function upgradedPostgres(): Promise<{ store: Store; close(): Promise<void> }> {
  const base = inject('postgresUrl');
  const name = `u_${randomBytes(6).toString('hex')}`;
  const url = base.replace(/\/[^/]*$/, `/${name}`);
  await admin(base, `CREATE DATABASE ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(fixture('postgres'));
  await client.end();
  const store = await openPgStore({ url, poolSize: 2 });
  return {
    store,
    async close() {
      await store.close();
      await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe(`a ${testEngine()} database made by the cloud of commit 13704e7`, () => {
  it('opens up to date, and what it held reads and writes as before', async () => {
    const { store, close } = await (testEngine() === 'sqlite'
      ? upgradedSqlite()
      : upgradedPostgres());
    try {
      expect(await store.notReady()).toBeUndefined();
      const olga = await store.users.findByUsername('olga');
      expect(olga).toMatchObject({ name: 'Olga', tenant: 'fleet' });
      const userId = olga?.id ?? -1;
      expect(await store.users.grantsOf(userId)).toEqual([
        { tenant: 'fleet', objectType: 'NODE', operation: 'READ' },
      ]);

      const van = await store.channels.findCommissioned('VAN-0001');
      expect(van).toMatchObject({
        name: 'Van 01',
        active: true,
        properties: '{"plate":"AB-12-CD"}',
      });
      const vanId = van?.id ?? -1;
      const reach = await store.channels.listReachable(userId);
      expect(reach.map((c) => c.name)).toEqual([
        'GW 1',
        'Van 01',
        'Van 01 GPS',
        'Van 01 TEMP',
        'Vans',
      ]);
      expect(await store.readings.range(vanId, DAY0, DAY0 + 3_600_000, 10)).toHaveLength(6);
      expect(await store.pushTargets.find(vanId)).toMatchObject({
        url: 'http://127.0.0.1:9/hook',
        interval: 60,
      });
      expect(await store.deliveryLog.latest(vanId, 5)).toMatchObject([
        { id: 'msg_1', events: 6, ok: true, status: 200 },
      ]);
      const [inbox] = await store.pushInboxes.listOf(userId);
      expect(await store.pushInboxes.arrivals(inbox?.id ?? -1)).toMatchObject([
        { webhookId: 'msg_1', verified: true, eventCount: 6, events: [] },
      ]);
      // Its inbox secret, stored in the clear then, is sealed at start, once.
      const sealer = new Sealer([randomBytes(32)]);
      const quiet = { info: () => undefined, warn: () => undefined };
      expect(await store.pushInboxes.storedSecrets()).toEqual([{ id: 1, secret: 'whsec_inbox' }]);
      expect(await sealStoredInboxSecrets(store, sealer, quiet)).toBe(1);
      const [sealed] = await store.pushInboxes.storedSecrets();
      expect(sealed?.secret).toMatch(/^sealed:v1:/);
      expect(openSecret(sealer, sealed?.secret ?? '')).toBe('whsec_inbox');
      expect(await sealStoredInboxSecrets(store, sealer, quiet)).toBe(0);
      expect(await store.pushInboxes.storedSecrets()).toEqual([sealed]);
      expect(await store.oidcModels.find('Session', 'uid', 'uid-1', DAY0)).toEqual({
        accountId: 'sub-olga',
        uid: 'uid-1',
      });
      expect(await store.externalIdentities.find('https://idp.example.com', 'ext-1')).toEqual({
        userId,
        signedInAt: DAY0,
        syncedSets: ['viewers'],
      });
      expect(await store.permissionSetGroups.list()).toMatchObject([
        { name: 'viewers', groups: [{ name: 'Vans' }] },
      ]);
      expect(await store.signInFailures.recent('olga', 0)).toEqual([DAY0]);
      expect(await store.leases.cursor('push')).toBe(1);
      expect(await store.eventLog.latest()).toBe(1);

      // Writing goes on where the old cloud stopped: new ids, new readings, the next event.
      const sensors = await store.channels.ensureSensors([
        {
          type: 'SENSOR',
          name: 'Van 01 TEMP',
          tenant: 'fleet',
          ownerId: userId,
          nodeId: vanId,
          sensorName: 'TEMP',
          valueType: 'TEMP',
          now: DAY0,
        },
        {
          type: 'SENSOR',
          name: 'Van 01 DOOR',
          tenant: 'fleet',
          ownerId: userId,
          nodeId: vanId,
          sensorName: 'DOOR',
          valueType: 'DOOR',
          now: DAY0,
        },
      ]);
      expect(sensors.map((s) => s.name)).toEqual(['Van 01 TEMP', 'Van 01 DOOR']);
      const door = sensors[1]?.id ?? -1;
      const [readingId] = await store.readings.store([
        {
          sensorId: door,
          nodeId: vanId,
          gatewayId: vanId,
          ts: DAY0 + 240_000,
          type: 'DOOR',
          value: '{"open":true}',
          channelIds: [door, vanId],
        },
      ]);
      expect(readingId).toBeGreaterThan(6);
      expect(await store.readings.range(vanId, DAY0, DAY0 + 3_600_000, 10)).toHaveLength(7);
      expect(await store.eventLog.append({ readings: [] }, DAY0 + 300_000)).toBe(2);
    } finally {
      await close();
    }
  });
});
