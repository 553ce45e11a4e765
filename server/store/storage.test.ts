import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { expectOk } from '../test/assertions.ts';
import { commission, createGroup, ingest, registerGateway, temp } from '../test/fixtures.ts';
describe('a database on disk', () => {
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
      // Sealed at rest with the key in DATA_DIR, which the restarted cloud reads again.
      expect(secret).toEqual([{ push_secret: expect.stringMatching(/^sealed:v1:/) }]);
      expect(cloud.services.sealer.unseal(String(secret[0]?.push_secret))).toBe('kept-secret');
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
});
