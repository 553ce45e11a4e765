import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../test/test-store.ts';
import type { NewSensor } from './channels.ts';

const NOW = Date.UTC(2026, 10, 20, 8);

describe('ensureSensors', () => {
  let dir: string;
  let test: TestStore;
  let nodeId: number;
  const sensor = (sensorName: string): NewSensor => ({
    type: 'SENSOR',
    name: `Van ${sensorName}`,
    tenant: 'fleet',
    ownerId: null,
    nodeId,
    sensorName,
    valueType: 'TEMP',
    now: NOW,
  });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'telemetry-sensors-'));
    test = await openTestStore(dir);
    // A user's tenant is made with the user: channels name an existing tenant.
    await test.store.users.create({
      username: 'olga',
      name: 'Olga',
      email: 'olga@example.com',
      tenant: 'fleet',
      passwordHash: null,
      now: NOW,
    });
    const node = await test.store.channels.create({
      type: 'NODE',
      name: 'Van',
      tenant: 'fleet',
      ownerId: null,
      reference: 'VAN-1',
      now: NOW,
    });
    nodeId = node.id;
  });

  afterEach(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each sensor asked for, in the order asked, keeping those that exist', async () => {
    const [a, b] = await test.store.channels.ensureSensors([sensor('b'), sensor('a')]);
    const again = await test.store.channels.ensureSensors([sensor('c'), sensor('a'), sensor('b')]);
    expect(again.map((s) => s.sensorName)).toEqual(['c', 'a', 'b']);
    expect(again[1]?.id).toBe(b?.id);
    expect(again[2]?.id).toBe(a?.id);
    expect((await test.store.channels.sensorsOf([nodeId])).map((s) => s.sensorName)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('writes nothing for sensors that exist: the next new sensor takes the next id', async () => {
    // On PostgreSQL an INSERT … ON CONFLICT DO NOTHING spends an id per row even when it inserts
    // none, so a batch that tried to insert its existing sensors would leave a gap.
    const made = await test.store.channels.ensureSensors([sensor('a'), sensor('b')]);
    for (let i = 0; i < 5; i++) await test.store.channels.ensureSensors([sensor('b'), sensor('a')]);
    const [c] = await test.store.channels.ensureSensors([sensor('c')]);
    expect(c?.id).toBe(Math.max(...made.map((s) => s.id)) + 1);
  });

  it('two transactions making the same new sensors in opposite orders both get the same ones', async () => {
    const names = Array.from({ length: 200 }, (_, i) => `s${String(i).padStart(3, '0')}`);
    const [up, down] = await Promise.all([
      test.store.transaction((tx) => tx.channels.ensureSensors(names.map(sensor))),
      test.store.transaction((tx) => tx.channels.ensureSensors([...names].reverse().map(sensor))),
    ]);
    expect(up.map((s) => s.id)).toEqual([...down].reverse().map((s) => s.id));
    expect(await test.store.channels.sensorsOf([nodeId])).toHaveLength(200);
  });
});
