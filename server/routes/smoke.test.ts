import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { commission, createGroup, ingest, registerGateway, temp } from '../test/fixtures.ts';

describe('smoke', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('pings, commissions, ingests and answers history', async () => {
    expect((await cloud.call('GET', '/v1/admin/ping', { as: null })).json).toEqual({
      status: 'OK',
    });
    const gateway = await registerGateway(cloud);
    const group = await createGroup(cloud, 'Reefers north');
    const node = await commission(cloud, 'VAN-1', { name: 'Van 1', group: group.uuid });
    const answer = await ingest(cloud, gateway, [
      temp('VAN-1', T0 - 1000, 4),
      temp('VAN-1', T0 - 500, 5),
    ]);
    expect(answer.json).toEqual({ status: 'OK', accepted: 2, duplicates: 0, rejected: [] });
    for (const channel of [node.uuid, group.uuid]) {
      const history = await cloud.call('GET', `/v1/channels/${channel}/history`);
      expect(history.status).toBe(200);
      expect((history.json as { ts: number }[]).map((item) => item.ts)).toEqual([
        T0 - 500,
        T0 - 1000,
      ]);
    }
  });
});
