import { describe, expect, it } from 'vitest';
import type { AlarmPage } from '../../contract/alarms.ts';
import { T0, type DemoUser, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import { channelOf, createUser, ingest, temp } from '../test/fixtures.ts';
import { buildWorld } from '../test/world.ts';

/**
 * The nodes whose alarms a caller sees are kept between requests until reach changes
 * (docs/decisions/0143-alarms-reach-kept.md): a change of membership shows on the next page at
 * once, on the instance that made it, whoever asked before.
 */
const MIN = 60_000;
type Who = DemoUser | { username: string; password: string };

async function names(cloud: TestCloud, as: Who): Promise<string[]> {
  const answer = await cloud.call('GET', '/v1/alarms', { as });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as AlarmPage).alarms.map((alarm) => `${alarm.nodeName} ${alarm.raisedAt}`);
}

describe('alarms: reach kept between pages follows a change of membership at once', () => {
  const suite = useCloud(
    async (cloud) => {
      const world = await buildWorld(cloud);
      const limits = JSON.stringify({ temperature: { min: 0, max: 8, delayMinutes: 0 } });
      const set = await cloud.call('PUT', `/v1/channels/${world.groups.north.uuid}/properties`, {
        query: { properties: limits },
      });
      expect(set.status, set.text).toBe(200);
      // Reads North's history through the group only: from the moment a member joined it.
      const reader = await createUser(cloud, 'alarm-group-reader', [
        { tenant: 'demo', objectType: 'groups', operation: 'READ' },
        { tenant: 'demo', objectType: 'groups.history', operation: 'READ' },
        { tenant: 'demo', objectType: 'assets', operation: 'READ' },
      ]);
      const north = await channelOf(cloud, world.groups.north.uuid);
      await cloud.store.channels.grantAccess(reader.id, north.id);
      return { world, reader: { username: reader.username, password: reader.password } };
    },
    { alarmHoldOffMinutes: 0 },
  );

  const readings = async (points: [minutes: number, celsius: number][]) => {
    const { cloud, data } = suite;
    for (const [minutes] of points) cloud.clock.now = Math.max(cloud.clock.now, T0 + minutes * MIN);
    const answer = await ingest(
      cloud,
      data.world.gateway,
      points.map(([minutes, celsius]) => temp('VAN-N', T0 + minutes * MIN, celsius)),
    );
    expect(answer.json).toMatchObject({ rejected: [] });
  };

  it('a member removed from a group leaves the next page; back in, it shows from when it rejoined', async () => {
    const { cloud, data } = suite;
    const { north } = data.world.groups;
    const van = data.world.nodes.n.node.uuid;
    const first = `Van North ${T0 + 1 * MIN}`;
    await readings([[1, 12]]);
    // Asked twice each, so the second answer is the kept one.
    for (let i = 0; i < 2; i++) {
      expect(await names(cloud, 'fleet')).toEqual([first]);
      expect(await names(cloud, data.reader)).toEqual([first]);
    }
    const [alarm] = ((await cloud.call('GET', '/v1/alarms', { as: 'fleet' })).json as AlarmPage)
      .alarms;

    const removed = await cloud.call('DELETE', `/v1/groups/${north.uuid}/${van}`);
    expect(removed.status, removed.text).toBeLessThan(300);
    expect(await names(cloud, 'fleet')).toEqual([]);
    expect(await names(cloud, data.reader)).toEqual([]);
    // Out of reach for a decision too, at once.
    const refused = await cloud.call('POST', `/v1/alarms/${alarm?.id ?? ''}/acknowledge`, {
      as: 'fleet',
      body: { comment: 'on it' },
    });
    expectError(refused, 404);
    // Admin reaches the van as its owner: unchanged.
    expect(await names(cloud, 'admin')).toEqual([first]);

    cloud.clock.now = T0 + 5 * MIN;
    const added = await cloud.call('POST', `/v1/groups/${north.uuid}/${van}`);
    expect(added.status, added.text).toBe(200);
    // Fleet reads the node's whole history; the reader only what North held since it rejoined.
    expect(await names(cloud, 'fleet')).toEqual([first]);
    expect(await names(cloud, data.reader)).toEqual([]);
    await readings([
      [6, 4],
      [7, 13],
    ]);
    const second = `Van North ${T0 + 7 * MIN}`;
    expect(await names(cloud, 'fleet')).toEqual([second, first]);
    expect(await names(cloud, data.reader)).toEqual([second]);
  });
});
