import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { testEngine } from '../test/test-store.ts';
import { gatewaySites } from './amsterdam.ts';
import { demoGateways } from './gateway-network.ts';
import { seedDemoFleet } from './seed-demo.ts';
import { keyFileOf, simulatorKeys } from './simulator-keys.ts';

describe('simulator keys', () => {
  let cloud: TestCloud;
  let dataDir: string;
  let seeded: Record<string, string>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'telemetry-keys-'));
    cloud = await createTestCloud({ dataDir });
    seeded = (
      await seedDemoFleet(cloud.services, cloud.ids, {
        size: { vans: 1, reefers: 0, trucks: 0 },
        days: 0,
      })
    ).keys;
  });
  afterAll(async () => {
    await cloud.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const matches = async (serial: string, key: string) => {
    const gateway = await cloud.store.channels.findCommissioned(serial);
    return cloud.store.gatewayKeys.matches(gateway?.id ?? -1, key);
  };

  it('are valid for every demo gateway', async () => {
    expect(Object.keys(seeded).sort()).toEqual(demoGateways.map((site) => site.serial).sort());
    for (const [serial, key] of Object.entries(seeded)) {
      expect(await matches(serial, key)).toBe(true);
    }
    expect(await simulatorKeys(cloud.services)).toEqual(seeded);
  });

  describe.runIf(testEngine() === 'sqlite')('on SQLite', () => {
    it('are kept beside the database, readable by the owner only', () => {
      const file = keyFileOf(dataDir);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(seeded);
    });

    it('are issued afresh when the file is lost', async () => {
      const before = JSON.parse(readFileSync(keyFileOf(dataDir), 'utf8')) as Record<string, string>;
      rmSync(keyFileOf(dataDir));
      const after = await simulatorKeys(cloud.services);
      for (const [serial, key] of Object.entries(after)) {
        expect(key).not.toBe(before[serial]);
        expect(await matches(serial, key)).toBe(true);
      }
      expect(JSON.parse(readFileSync(keyFileOf(dataDir), 'utf8'))).toEqual(after);
    });
  });

  describe.runIf(testEngine() === 'postgres')('on PostgreSQL', () => {
    it('are kept in the shared database: an instance with a DATA_DIR of its own goes on with them', async () => {
      // Whichever instance takes the simulator over finds the keys in use, not a file of its own.
      rmSync(keyFileOf(dataDir), { force: true });
      expect(await simulatorKeys(cloud.services)).toEqual(seeded);
      expect(existsSync(keyFileOf(dataDir))).toBe(false);
    });

    it('are issued afresh, for every instance, when someone issued a gateway a new key', async () => {
      const gateway = await cloud.store.channels.findCommissioned(gatewaySites[0]?.serial ?? '');
      const theirs = await cloud.store.gatewayKeys.issue(gateway?.id ?? -1, Date.now());
      const after = await simulatorKeys(cloud.services);
      const serial = gatewaySites[0]?.serial ?? '';
      expect(after[serial]).not.toBe(theirs);
      expect(after[serial]).not.toBe(seeded[serial]);
      expect(await matches(serial, after[serial] ?? '')).toBe(true);
      expect(await simulatorKeys(cloud.services)).toEqual(after);
    });
  });
});
