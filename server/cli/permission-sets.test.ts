import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFleet } from '../sim/seed-demo.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { permissionSets } from './permission-sets.ts';

describe('npm run permission-sets', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
    await seedDemoFleet(cloud.services, cloud.ids, {
      size: { vans: 4, reefers: 2, trucks: 2 },
      days: 1,
    });
  });
  afterAll(() => cloud.close());

  const run = (...args: string[]) => permissionSets(cloud.services.store, args);

  it('lists the sets and the groups each reaches', async () => {
    const listing = await run();
    expect(listing).toMatch(
      /^demo-fleet: Fleet manager: read demo and its history\n {4}Cold chain \(/m,
    );
    expect(listing).toMatch(/^demo-admin: .*\n {4}reaches no group of its own$/m);
  });

  it('sets the groups of a set by name or uuid, and takes them all away with --none', async () => {
    expect(await run('demo-support', 'Vans Westpoort', 'Vans Zuidoost')).toBe(
      'demo-support reaches Vans Westpoort, Vans Zuidoost now.',
    );
    const groups = await cloud.call('GET', '/v1/channels', {
      as: 'support',
      query: { channelType: 'GROUP' },
    });
    const names = (groups.json as { name: string; uuid: string }[]).map((g) => g.name).sort();
    expect(names).toEqual(['Vans Westpoort', 'Vans Zuidoost']);
    const zuidoost = (groups.json as { name: string; uuid: string }[]).find(
      (g) => g.name === 'Vans Zuidoost',
    );
    expect(await run('demo-support', zuidoost?.uuid.toUpperCase() ?? '')).toBe(
      'demo-support reaches Vans Zuidoost now.',
    );
    expect(await run('demo-support', '--none')).toBe(
      'demo-support reaches no group of its own now.',
    );
    await run('demo-support', 'Vans Zuidoost');
  });

  it('says what is wrong and changes nothing', async () => {
    const before = await run();
    await expect(run('demo-fleet', 'Cold chain', 'Nowhere')).rejects.toThrow(
      'No active group has the uuid or name "Nowhere".',
    );
    await expect(run('no-such-set', 'Cold chain')).rejects.toThrow(
      'There is no permission set "no-such-set" (there are: acme-admin, demo-admin, demo-fleet, demo-support).',
    );
    await expect(run('demo-fleet')).rejects.toThrow(
      'Name the groups demo-fleet reaches, or --none.',
    );
    expect(await run()).toBe(before);
  });

  it('asks for a uuid when a name is not unique', async () => {
    // Names are unique within a tenant (409), so the second "Cold chain" is acme's.
    expect((await cloud.call('POST', '/v1/groups/Cold%20chain')).status).toBe(409);
    expect((await cloud.call('POST', '/v1/groups/Cold%20chain', { as: 'acme' })).status).toBe(200);
    await expect(run('demo-fleet', 'Cold chain')).rejects.toThrow(
      /^Several groups are named "Cold chain": name one by its uuid: /,
    );
  });
});
