import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { Timeslice } from '../../contract/timeslice.ts';
import { createTestCloud, T0, type DemoUser, type TestCloud } from '../test/harness.ts';
import { seedDemoFleet, type DemoSeed } from './seed-demo.ts';

const SIZE = { vans: 4, reefers: 2, trucks: 5 };

describe('the seeded demo tenant (README, "Demo tenant")', () => {
  let cloud: TestCloud;
  let seed: DemoSeed;
  beforeAll(async () => {
    cloud = await createTestCloud();
    seed = await seedDemoFleet(cloud.services, cloud.ids, { size: SIZE, days: 1 });
  });
  afterAll(() => cloud.close());

  const list = async (as: DemoUser, channelType: string) => {
    const answer = await cloud.call('GET', '/v1/channels', { as, query: { channelType } });
    expect(answer.status).toBe(200);
    return answer.json as ChannelRecord[];
  };
  const names = (records: ChannelRecord[]) => records.map((r) => r.name).sort();
  const membersOf = (groups: string[]) =>
    seed.fleet.filter((v) => v.group !== null && groups.includes(v.group)).map((v) => v.name);
  const sensorsOf = (nodes: string[]) =>
    nodes.flatMap((node) => ['conn', 'gps', 'temp'].map((sensor) => `${node}/${sensor}`));

  it('stores a day of history for every vehicle through ingestion', () => {
    expect(seed.backfill.accepted).toBe(seed.backfill.messages);
    expect(seed.backfill.messages).toBeGreaterThan(SIZE.vans * 300);
  });

  it('carries temperature limits: the frozen band on Cold chain, their own on chilled reefers', async () => {
    const groups = await list('admin', 'GROUP');
    const coldChain = groups.find((g) => g.name === 'Cold chain');
    expect(coldChain?.properties).toMatchObject({ temperature: { min: -25, max: -12 } });
    // And named places, by which stops are named (docs/decisions/0063).
    expect(coldChain?.properties?.places).toContainEqual(
      expect.objectContaining({ name: 'Food Center Amsterdam', radius: 250 }),
    );
    const nodes = await list('admin', 'NODE');
    const reefer = (name: string) => nodes.find((n) => n.name === name)?.properties;
    // Reefer 01 carries frozen goods (the group's band), Reefer 02 chilled ones.
    expect(reefer('Reefer 01')).not.toHaveProperty('temperature');
    expect(reefer('Reefer 02')).toMatchObject({ temperature: { min: 0, max: 8 } });
    expect(reefer('Van 01')).not.toHaveProperty('temperature');
  });

  it('gives fleet exactly the members of its two groups and their sensors', async () => {
    expect(names(await list('fleet', 'GROUP'))).toEqual(['Cold chain', 'Vans Westpoort']);
    const members = membersOf(['coldChain', 'vansWest']);
    expect(names(await list('fleet', 'NODE'))).toEqual(members.sort());
    expect(names(await list('fleet', 'SENSOR'))).toEqual(sensorsOf(members).sort());
    expect(await list('fleet', 'GATEWAY')).toEqual([]);
  });

  it('gives support the members of its one group, without history', async () => {
    expect(names(await list('support', 'GROUP'))).toEqual(['Vans Zuidoost']);
    const members = membersOf(['vansSouthEast']);
    expect(members.length).toBeGreaterThan(0);
    const nodes = await list('support', 'NODE');
    expect(names(nodes)).toEqual(members.sort());
    const history = await cloud.call('GET', `/v1/channels/${nodes[0]?.uuid}/history`, {
      as: 'support',
    });
    expect(history.status).toBe(403);
  });

  it('lets admin see every demo node, four gateways and the acme channels shared with it', async () => {
    const demoNodes = seed.fleet.filter((v) => v.tenant === 'demo').map((v) => v.name);
    const sharedAcme = ['Acme Truck 01', 'Acme Truck 02', 'Acme Truck 03', 'Acme Truck 05'];
    expect(names(await list('admin', 'NODE'))).toEqual([...demoNodes, ...sharedAcme].sort());
    expect(names(await list('admin', 'GATEWAY'))).toEqual([
      'Gateway Noord',
      'Gateway Schiphol',
      'Gateway Westpoort',
      'Gateway Zuidoost',
    ]);
    expect(names(await list('admin', 'GROUP'))).toEqual([
      'Acme trucks',
      'Cold chain',
      'Vans Westpoort',
      'Vans Zuidoost',
    ]);
  });

  it('lets admin read acme channels but refuses changing them (403)', async () => {
    const acme = (await list('admin', 'NODE')).find((r) => r.name === 'Acme Truck 05');
    const group = (await list('admin', 'GROUP')).find((r) => r.name === 'Acme trucks');
    if (!acme || !group) throw new Error('acme channels missing');
    expect((await cloud.call('GET', `/v1/channels/${acme.uuid}`)).status).toBe(200);
    expect((await cloud.call('GET', `/v1/groups/${group.uuid}`)).status).toBe(200);
    const change = await cloud.call('PUT', `/v1/channels/${acme.uuid}/properties`, {
      query: { properties: '{"note":"mine"}' },
    });
    expect(change.status).toBe(403);
    expect((await cloud.call('DELETE', `/v1/nodes/${acme.uuid}`)).status).toBe(403);
    expect((await cloud.call('DELETE', `/v1/groups/${group.uuid}`)).status).toBe(403);
    // acme's own history stays acme's: admin holds no history permission there.
    expect((await cloud.call('GET', `/v1/channels/${acme.uuid}/history`)).status).toBe(403);
    const own = (await list('admin', 'NODE')).some((r) => r.name === 'Acme Truck 04');
    expect(own).toBe(false);
  });

  it('answers history for sensor, node and group channels, delivered by the demo gateways', async () => {
    const group = (await list('fleet', 'GROUP')).find((r) => r.name === 'Cold chain');
    const node = (await list('fleet', 'NODE')).find((r) => r.name === 'Reefer 01');
    const sensor = (await list('fleet', 'SENSOR')).find((r) => r.name === 'Reefer 01/temp');
    const gateways = new Set((await list('admin', 'GATEWAY')).map((r) => r.name));
    for (const channel of [group, node, sensor]) {
      if (!channel) throw new Error('channel missing');
      const answer = await cloud.call('GET', `/v1/channels/${channel.uuid}/history`, {
        as: 'fleet',
        query: { from: String(T0 - 86_400_000), to: String(T0), count: '10000' },
      });
      expect(answer.status).toBe(200);
      const items = answer.json as Timeslice[];
      expect(items.length).toBeGreaterThan(100);
      for (const item of items) expect(gateways.has(item.gatewayName)).toBe(true);
      expect(items[0]?.ts).toBeLessThanOrEqual(T0);
    }
  });
});
