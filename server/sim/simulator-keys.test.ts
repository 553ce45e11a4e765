import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { gatewaySites } from './amsterdam.ts';
import { seedDemoFleet } from './seed-demo.ts';
import { keyFileOf, simulatorKeys } from './simulator-keys.ts';

describe('simulator keys', () => {
  let cloud: TestCloud;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'telemetry-keys-'));
    cloud = await createTestCloud({ dataDir });
    await seedDemoFleet(cloud.services, cloud.ids, {
      size: { vans: 1, reefers: 0, trucks: 0 },
      days: 0,
    });
  });
  afterAll(async () => {
    await cloud.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const matches = async (serial: string, key: string) => {
    const gateway = await cloud.store.channels.findCommissioned(serial);
    return cloud.store.gatewayKeys.matches(gateway?.id ?? -1, key);
  };

  it('are kept beside the database, readable by the owner only, and valid', async () => {
    const file = keyFileOf(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(keys).sort()).toEqual(gatewaySites.map((site) => site.serial).sort());
    for (const [serial, key] of Object.entries(keys)) {
      expect(await matches(serial, key)).toBe(true);
    }
    expect(await simulatorKeys(cloud.services)).toEqual(keys);
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
