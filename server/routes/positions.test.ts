import { describe, expect, it } from 'vitest';
import type { LatestPositions } from '../../contract/positions.ts';
import { T0, type DemoUser, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import {
  channelOf,
  commission,
  createGroup,
  createUser,
  gps,
  ingest,
  sensorsOf,
  temp,
} from '../test/fixtures.ts';
import { buildWorld, DATA_TS } from '../test/world.ts';

async function positions(
  cloud: TestCloud,
  query: Record<string, string> = {},
  as: DemoUser | { username: string; password: string } = 'admin',
): Promise<LatestPositions> {
  const answer = await cloud.call('GET', '/v1/positions', { query, as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as LatestPositions;
}
const names = (answer: LatestPositions) => answer.nodes.map((node) => node.nodeName);

describe('GET /v1/positions: latest positions (extension)', () => {
  const suite = useCloud(buildWorld);

  it('answers the newest fix and temperature of every node whose history the caller may read', async () => {
    const { cloud, data } = suite;
    const answer = await positions(cloud);
    expect(answer.to).toBe(T0);
    expect(answer.from).toBe(T0 - 86_400_000);
    expect(names(answer)).toEqual(['Van Loner', 'Van North', 'Van South', 'Van West']);
    const [newest] = DATA_TS.slice(-1);
    expect(answer.nodes[1]).toEqual({
      nodeUuid: data.nodes.n.node.uuid,
      nodeName: 'Van North',
      lastSeen: newest,
      gps: {
        ts: newest,
        value: {
          ts: Math.floor((newest ?? 0) / 1000),
          lat: 52,
          lon: 4.9,
          hdop: 1.2,
          fix: 3,
          view: 9,
        },
      },
      temp: { ts: newest, value: { ts: Math.floor((newest ?? 0) / 1000), temperature: 4 } },
    });
    // Admin reaches Acme truck (READ on assets in acme) without history there: counted, not shown.
    expect(answer.withheld).toEqual([
      {
        tenant: 'acme',
        nodes: 1,
        message: 'Reading their positions needs READ on assets.history in tenant acme.',
      },
    ]);
  });

  it('has the reach of the channel listing: fleet sees the members of its groups, support nothing', async () => {
    const { cloud } = suite;
    expect(names(await positions(cloud, {}, 'fleet'))).toEqual(['Van North', 'Van South']);
    const support = await positions(cloud, {}, 'support');
    expect(support.nodes).toEqual([]);
    expect(support.withheld).toEqual([
      {
        tenant: 'demo',
        nodes: 1,
        message: 'Reading their positions needs READ on assets.history in tenant demo.',
      },
    ]);
  });

  it('keeps the last position while a node moves off without one, and tells the newer message as last seen', async () => {
    const { cloud } = suite;
    const moved = T0 - 10_000;
    await ingest(cloud, suite.data.gateway, [
      { node: 'VAN-X', sensor: 'gps', type: 'GPS', ts: moved, value: { stationary: false } },
    ]);
    const loner = (await positions(cloud)).nodes.find((node) => node.nodeName === 'Van Loner');
    expect(loner?.lastSeen).toBe(moved);
    expect(loner?.gps?.ts).toBe(DATA_TS[1]);
    expect(loner?.gps?.value).toMatchObject({ lat: 52.3, lon: 4.9 });
  });

  it('answers what was known at a past moment, and nothing for a range without messages', async () => {
    const { cloud } = suite;
    const past = await positions(cloud, { to: String(DATA_TS[0]) });
    expect(past.nodes.map((node) => node.gps?.ts)).toEqual([
      DATA_TS[0],
      DATA_TS[0],
      DATA_TS[0],
      DATA_TS[0],
    ]);
    const empty = await positions(cloud, { to: String(DATA_TS[0] - 1) });
    expect(empty.nodes).toEqual([]);
  });

  it('refuses a range over one day or backwards, and unknown parameters, with 400', async () => {
    const { cloud } = suite;
    const over = { from: String(T0 - 86_400_001), to: String(T0) };
    expectError(
      await cloud.call('GET', '/v1/positions', { query: over }),
      400,
      /more than one day/,
    );
    const backwards = { from: String(T0), to: String(T0 - 1) };
    expectError(await cloud.call('GET', '/v1/positions', { query: backwards }), 400);
    expectError(await cloud.call('GET', '/v1/positions', { query: { at: '1' } }), 400);
    expectError(await cloud.call('GET', '/v1/positions', { query: { group: 'nope' } }), 400);
  });

  it('answers a group’s members with the permission and reach of group history', async () => {
    const { cloud, data } = suite;
    expect(names(await positions(cloud, { group: data.groups.north.uuid }, 'fleet'))).toEqual([]);
    // Members' messages count from the moment they joined (at T0): newer ones are told.
    cloud.clock.now = T0 + 60_000;
    await ingest(cloud, data.gateway, [
      gps('VAN-N', T0 + 30_000, 52.1, 5),
      temp('VAN-W', T0 + 30_000, 7),
    ]);
    const north = await positions(cloud, { group: data.groups.north.uuid }, 'fleet');
    expect(north.nodes).toEqual([
      expect.objectContaining({ nodeName: 'Van North', lastSeen: T0 + 30_000 }),
    ]);
    expect(north.nodes[0]?.gps?.ts).toBe(T0 + 30_000);
    expect(north.nodes[0]?.temp).toBeUndefined();
    expect(north.withheld).toEqual([]);
    expectError(
      await cloud.call('GET', '/v1/positions', {
        query: { group: data.groups.west.uuid },
        as: 'fleet',
      }),
      404,
    );
    expectError(
      await cloud.call('GET', '/v1/positions', { query: { group: data.groups.acme.uuid } }),
      403,
      'Refused: reading positions of a group needs READ on groups.history in tenant acme.',
    );
    expectError(
      await cloud.call('GET', '/v1/positions', {
        query: { group: data.groups.north.uuid },
        as: 'support',
      }),
      403,
    );
    expectError(
      await cloud.call('GET', '/v1/positions', { query: { group: data.nodes.x.node.uuid } }),
      400,
      /not a group/,
    );
  });
});

describe('GET /v1/positions: through groups only', () => {
  const suite = useCloud(async (cloud) => {
    const world = await buildWorld(cloud);
    const reader = await createUser(cloud, 'group-reader', [
      { tenant: 'demo', objectType: 'groups', operation: 'READ' },
      { tenant: 'demo', objectType: 'groups.history', operation: 'READ' },
      { tenant: 'demo', objectType: 'assets', operation: 'READ' },
    ]);
    const temps = await createGroup(cloud, 'Temperatures only');
    const sensors = await sensorsOf(cloud, 'Van West');
    const added = await cloud.call('POST', `/v1/groups/${temps.uuid}/${sensors.temp ?? ''}`);
    expect(added.status).toBe(200);
    return { world, reader, temps };
  });

  it('tells a reader of group history only what the groups received, from the moment each member joined', async () => {
    const { cloud, data } = suite;
    const readerGroups = [data.world.groups.north.uuid, data.temps.uuid];
    for (const uuid of readerGroups) {
      await cloud.store.channels.grantAccess(data.reader.id, (await channelOf(cloud, uuid)).id);
    }
    const as = { username: data.reader.username, password: data.reader.password };
    const before = await positions(cloud, {}, as);
    expect(before.nodes).toEqual([]);
    expect(before.withheld).toEqual([]);
    cloud.clock.now = T0 + 60_000;
    await ingest(cloud, data.world.gateway, [
      gps('VAN-N', T0 + 20_000, 52.2, 5),
      gps('VAN-W', T0 + 20_000, 52.4, 5),
      temp('VAN-W', T0 + 30_000, 9),
    ]);
    const after = await positions(cloud, {}, as);
    expect(names(after)).toEqual(['Van North']);
    // The group of one sensor: that sensor of Van West, not its position.
    const temps = await positions(cloud, { group: data.temps.uuid }, as);
    expect(temps.nodes).toEqual([
      {
        nodeUuid: data.world.nodes.w.node.uuid,
        nodeName: 'Van West',
        lastSeen: T0 + 30_000,
        temp: { ts: T0 + 30_000, value: { ts: Math.floor((T0 + 30_000) / 1000), temperature: 9 } },
      },
    ]);
  });

  it('counts nodes no group history covers as withheld', async () => {
    const { cloud, data } = suite;
    const lone = await commission(cloud, 'VAN-LONE', { name: 'Lone van' });
    await cloud.store.channels.grantAccess(data.reader.id, (await channelOf(cloud, lone.uuid)).id);
    const as = { username: data.reader.username, password: data.reader.password };
    expect((await positions(cloud, {}, as)).withheld).toEqual([
      {
        tenant: 'demo',
        nodes: 1,
        message: 'Reading their positions needs READ on assets.history in tenant demo.',
      },
    ]);
  });
});
