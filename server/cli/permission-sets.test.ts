import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFleet } from '../sim/seed-demo.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { permissionSets } from './permission-sets.ts';

describe('npm run permission-sets', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
    seedDemoFleet(cloud.services, cloud.ids, { size: { vans: 4, reefers: 2, trucks: 2 }, days: 1 });
  });
  afterAll(() => cloud.close());

  const run = (...args: string[]) => permissionSets(cloud.services.db, args);

  it('lists the sets and the groups each reaches', () => {
    const listing = run();
    expect(listing).toMatch(
      /^demo-fleet: Fleet manager: read demo and its history\n {4}Cold chain \(/m,
    );
    expect(listing).toMatch(/^demo-admin: .*\n {4}reaches no group of its own$/m);
  });

  it('sets the groups of a set by name or uuid, and takes them all away with --none', async () => {
    expect(run('demo-support', 'Vans Westpoort', 'Vans Zuidoost')).toBe(
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
    expect(run('demo-support', zuidoost?.uuid.toUpperCase() ?? '')).toBe(
      'demo-support reaches Vans Zuidoost now.',
    );
    expect(run('demo-support', '--none')).toBe('demo-support reaches no group of its own now.');
    run('demo-support', 'Vans Zuidoost');
  });

  it('says what is wrong and changes nothing', () => {
    const before = run();
    expect(() => run('demo-fleet', 'Cold chain', 'Nowhere')).toThrow(
      'No active group has the uuid or name "Nowhere".',
    );
    expect(() => run('no-such-set', 'Cold chain')).toThrow(
      'There is no permission set "no-such-set" (there are: acme-admin, demo-admin, demo-fleet, demo-support).',
    );
    expect(() => run('demo-fleet')).toThrow('Name the groups demo-fleet reaches, or --none.');
    expect(run()).toBe(before);
  });

  it('asks for a uuid when a name is not unique', async () => {
    await cloud.call('POST', '/v1/groups/Cold%20chain');
    expect(() => run('demo-fleet', 'Cold chain')).toThrow(
      /^Several groups are named "Cold chain": name one by its uuid: /,
    );
  });
});
