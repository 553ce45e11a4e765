import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { T0, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk, keysOf } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import {
  commission,
  createGroup,
  gps,
  grantAccess,
  ingest,
  registerGateway,
  channelOf,
  createUser,
  temp,
} from '../test/fixtures.ts';

const members = async (cloud: TestCloud, group: string) =>
  (await cloud.call('GET', `/v1/groups/${group}`)).json as ChannelRecord[];
const historyTs = async (cloud: TestCloud, channel: string) =>
  ((await cloud.call('GET', `/v1/channels/${channel}/history`)).json as { ts: number }[]).map(
    (item) => item.ts,
  );

describe('POST /v1/groups/{groupName}: creating a group', () => {
  const suite = useCloud();

  it('answers the record (uuid, channelType GROUP, name, active) and gives the creator access', async () => {
    const { cloud } = suite;
    const answer = await cloud.call('POST', '/v1/groups/Reefers%20north');
    expect(answer.status).toBe(200);
    const group = answer.json as ChannelRecord;
    expect(keysOf(group)).toEqual(['active', 'channelType', 'name', 'tenant', 'uuid']);
    expect(group).toMatchObject({
      channelType: 'GROUP',
      name: 'Reefers north',
      tenant: 'demo',
      active: true,
    });
    const row = await channelOf(cloud, group.uuid);
    expect(row).toMatchObject({ tenant: 'demo', ownerId: cloud.ids.admin });
    const access = await cloud.sql.all(
      'SELECT user_id FROM channel_access WHERE channel_id = ?',
      row.id,
    );
    expect(access).toEqual([{ user_id: cloud.ids.admin }]);
    expect((await cloud.call('GET', `/v1/channels/${group.uuid}`)).json).toEqual({
      ...group,
      pushInterval: 0,
    });
    // Nobody else reaches it.
    expectError(await cloud.call('GET', `/v1/channels/${group.uuid}`, { as: 'fleet' }), 404);
  });

  it('puts the group in the tenant of the caller', async () => {
    const group = await createGroup(suite.cloud, 'Acme yard', 'acme');
    expect((await channelOf(suite.cloud, group.uuid)).tenant).toBe('acme');
  });

  it('refuses a name the tenant already uses, in any letter case, with 409 and changes nothing', async () => {
    const { cloud } = suite;
    await createGroup(cloud, 'Twins');
    const before = await databaseState(cloud);
    for (const name of ['Twins', 'twins', ' TWINS ']) {
      const answer = await cloud.call('POST', `/v1/groups/${encodeURIComponent(name)}`);
      expectError(answer, 409);
      expect((answer.json as { message: string }).message).toBe(
        `A group named “${name.trim()}” already exists; choose another name.`,
      );
    }
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('puts the group in the tenant `tenant` names when the caller may create there, and refuses it otherwise', async () => {
    const { cloud } = suite;
    const both = await createUser(cloud, 'two-tenants', [
      { tenant: 'demo', objectType: 'groups', operation: 'CREATE' },
      { tenant: 'demo', objectType: 'groups', operation: 'READ' },
      { tenant: 'acme', objectType: 'groups', operation: 'CREATE' },
      { tenant: 'acme', objectType: 'groups', operation: 'READ' },
    ]);
    const as = { username: both.username, password: both.password };
    const made = await cloud.call('POST', '/v1/groups/Acme%20trucks', {
      as,
      query: { tenant: 'acme' },
    });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ name: 'Acme trucks', tenant: 'acme' });
    const own = await cloud.call('POST', '/v1/groups/Acme%20trucks', { as });
    expect(own.json).toMatchObject({ name: 'Acme trucks', tenant: 'demo' });

    const before = await databaseState(cloud);
    // admin holds READ only in acme: refused, with the permission named, and nothing made.
    expectError(
      await cloud.call('POST', '/v1/groups/Elsewhere', { query: { tenant: 'acme' } }),
      403,
      /needs CREATE on groups in tenant acme/,
    );
    expectError(
      await cloud.call('POST', '/v1/groups/Elsewhere', { query: { tenant: 'no:such' } }),
      400,
      /tenant/,
    );
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('allows the same name in another tenant', async () => {
    await createGroup(suite.cloud, 'Shared name');
    const other = await createGroup(suite.cloud, 'Shared name', 'acme');
    expect((await channelOf(suite.cloud, other.uuid)).tenant).toBe('acme');
  });

  it('takes any script and trims blanks', async () => {
    expect((await createGroup(suite.cloud, ' Ünterwegs 東京 ')).name).toBe('Ünterwegs 東京');
  });
});

describe('group members', () => {
  const suite = useCloud(async (cloud) => {
    const gateway = await registerGateway(cloud);
    const group = await createGroup(cloud, 'Cold chain');
    const a = await commission(cloud, 'VAN-A', { name: 'Van A' });
    const b = await commission(cloud, 'VAN-B', { name: 'Van B' });
    await ingest(cloud, gateway, [temp('VAN-B', T0 - 10_000, 1), gps('VAN-B', T0 - 10_000, 52, 5)]);
    const [bGps, bTemp] = await cloud.store.channels.sensorsOf([
      (await channelOf(cloud, b.uuid)).id,
    ]);
    if (!bGps || !bTemp) throw new Error('sensors missing');
    return { gateway, group, a, b, bTemp: bTemp.uuid, bGps: bGps.uuid };
  });

  it('adds a node and a sensor; the listing has exactly uuid, channelType, name, pushInterval, active and our tenant', async () => {
    const { cloud, data } = suite;
    expectOk(await cloud.call('POST', `/v1/groups/${data.group.uuid}/${data.a.uuid}`));
    expectOk(await cloud.call('POST', `/v1/groups/${data.group.uuid}/${data.bTemp}`));
    const listed = await members(cloud, data.group.uuid);
    expect(listed).toEqual([
      {
        uuid: data.a.uuid,
        channelType: 'NODE',
        name: 'Van A',
        tenant: 'demo',
        pushInterval: 0,
        active: true,
      },
      {
        uuid: data.bTemp,
        channelType: 'SENSOR',
        name: 'Van B/temp',
        tenant: 'demo',
        pushInterval: 0,
        active: true,
      },
    ]);
  });

  it('lists pushInterval of members with push, and never pushURL, properties or the secret', async () => {
    const { cloud, data } = suite;
    expectOk(
      await cloud.call('PUT', `/v1/channels/${data.a.uuid}/push`, {
        query: { to: 'https://hooks.example/a', interval: '30', secret: 'member-secret' },
      }),
    );
    expectOk(
      await cloud.call('PUT', `/v1/channels/${data.a.uuid}/properties`, {
        query: { properties: '{"colour":"red"}' },
      }),
    );
    const answer = await cloud.call('GET', `/v1/groups/${data.group.uuid}`);
    const node = (answer.json as ChannelRecord[]).find((record) => record.uuid === data.a.uuid);
    expect(node).toEqual({
      uuid: data.a.uuid,
      channelType: 'NODE',
      name: 'Van A',
      tenant: 'demo',
      pushInterval: 30,
      active: true,
    });
    expect(answer.text).not.toContain('member-secret');
  });

  it('adding a member twice keeps one membership', async () => {
    const { cloud, data } = suite;
    expectOk(await cloud.call('POST', `/v1/groups/${data.group.uuid}/${data.a.uuid}`));
    expect(await members(cloud, data.group.uuid)).toHaveLength(2);
  });

  it('removes one member; removing a channel that is not a member answers 404', async () => {
    const { cloud, data } = suite;
    expectOk(await cloud.call('DELETE', `/v1/groups/${data.group.uuid}/${data.bTemp}`));
    expect((await members(cloud, data.group.uuid)).map((m) => m.uuid)).toEqual([data.a.uuid]);
    const before = await databaseState(cloud);
    expectError(await cloud.call('DELETE', `/v1/groups/${data.group.uuid}/${data.bTemp}`), 404);
    expectError(await cloud.call('DELETE', `/v1/groups/${data.group.uuid}/${data.b.uuid}`), 404);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('removes all members; again on an empty group is fine', async () => {
    const { cloud, data } = suite;
    expectOk(await cloud.call('POST', `/v1/groups/${data.group.uuid}/${data.b.uuid}`));
    expectOk(await cloud.call('DELETE', `/v1/groups/${data.group.uuid}`));
    expect(await members(cloud, data.group.uuid)).toEqual([]);
    expectOk(await cloud.call('DELETE', `/v1/groups/${data.group.uuid}`));
    // The group itself stays.
    expect((await cloud.call('GET', `/v1/channels/${data.group.uuid}`)).status).toBe(200);
  });

  it('refuses a group as member, an inactive member and one of another tenant (400, nothing changes)', async () => {
    const { cloud, data } = suite;
    const other = await createGroup(cloud, 'Other');
    const gone = await commission(cloud, 'VAN-GONE');
    expectOk(await cloud.call('DELETE', `/v1/nodes/${gone.uuid}`));
    const acme = await commission(cloud, 'ACME-9', { as: 'acme' });
    await grantAccess(cloud, 'admin', acme.uuid);
    const before = await databaseState(cloud);
    const add = (member: string) => cloud.call('POST', `/v1/groups/${data.group.uuid}/${member}`);
    expectError(await add(other.uuid), 400, /group/);
    expectError(await add(gone.uuid), 400, /decommissioned/);
    expectError(await add(acme.uuid), 400, /tenant/);
    // A node is no group.
    expectError(await cloud.call('POST', `/v1/groups/${data.a.uuid}/${data.b.uuid}`), 400);
    expectError(await cloud.call('GET', `/v1/groups/${data.a.uuid}`), 400);
    expectError(await cloud.call('DELETE', `/v1/groups/${data.a.uuid}`), 400);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('answers 404 for a member out of reach and changes nothing', async () => {
    const { cloud, data } = suite;
    const theirs = await commission(cloud, 'ACME-10', { as: 'acme' });
    const before = await databaseState(cloud);
    expectError(await cloud.call('POST', `/v1/groups/${data.group.uuid}/${theirs.uuid}`), 404);
    expect(await databaseState(cloud)).toEqual(before);
  });
});

describe('group data', () => {
  const suite = useCloud(async (cloud) => {
    const gateway = await registerGateway(cloud);
    const group = await createGroup(cloud, 'Fleet');
    const second = await createGroup(cloud, 'Also');
    const nodeA = await commission(cloud, 'VAN-A', { name: 'Van A' });
    const nodeB = await commission(cloud, 'VAN-B', { name: 'Van B' });
    const nodeC = await commission(cloud, 'VAN-C', { name: 'Van C', group: group.uuid });
    return { gateway, group, second, nodeA, nodeB, nodeC };
  });

  it('a member contributes its data from when it joins until it leaves', async () => {
    const { cloud, data } = suite;
    const { gateway, group, nodeA } = data;
    await ingest(cloud, gateway, [temp('VAN-A', T0 - 50_000, 1)]);
    expectOk(await cloud.call('POST', `/v1/groups/${group.uuid}/${nodeA.uuid}`));
    await ingest(cloud, gateway, [temp('VAN-A', T0 - 40_000, 2)]);
    expectOk(await cloud.call('DELETE', `/v1/groups/${group.uuid}/${nodeA.uuid}`));
    await ingest(cloud, gateway, [temp('VAN-A', T0 - 30_000, 3)]);

    expect(await historyTs(cloud, group.uuid)).toEqual([T0 - 40_000]);
    expect(await historyTs(cloud, nodeA.uuid)).toEqual([T0 - 30_000, T0 - 40_000, T0 - 50_000]);
  });

  it('group history covers member nodes with all their sensors, and member sensors alone', async () => {
    const { cloud, data } = suite;
    const { gateway, second, nodeB, nodeC } = data;
    await ingest(cloud, gateway, [temp('VAN-B', T0 - 29_000, 1), gps('VAN-B', T0 - 29_000, 52, 5)]);
    const bTemp = (
      await cloud.store.channels.sensorsOf([(await channelOf(cloud, nodeB.uuid)).id])
    ).find((sensor) => sensor.sensorName === 'temp');
    if (!bTemp) throw new Error('no temp sensor');
    expectOk(await cloud.call('POST', `/v1/groups/${second.uuid}/${bTemp.uuid}`));
    expectOk(await cloud.call('POST', `/v1/groups/${second.uuid}/${nodeC.uuid}`));

    await ingest(cloud, gateway, [
      temp('VAN-B', T0 - 20_000, 4),
      gps('VAN-B', T0 - 20_000, 52.1, 5),
      temp('VAN-C', T0 - 10_000, 5),
      gps('VAN-C', T0 - 10_000, 52.2, 5),
    ]);

    const history = (await cloud.call('GET', `/v1/channels/${second.uuid}/history`)).json as {
      channelUuid: string;
      channelName: string;
      nodeName: string;
      sensorName: string;
      ts: number;
    }[];
    // Newest first; the order of items with the same ts is not specified.
    const seen = history
      .map(({ nodeName, sensorName, ts }) => ({ nodeName, sensorName, ts }))
      .sort((x, y) => y.ts - x.ts || x.sensorName.localeCompare(y.sensorName));
    expect(history.map((item) => item.ts)).toEqual(seen.map((item) => item.ts));
    expect(seen).toEqual([
      { nodeName: 'Van C', sensorName: 'gps', ts: T0 - 10_000 },
      { nodeName: 'Van C', sensorName: 'temp', ts: T0 - 10_000 },
      { nodeName: 'Van B', sensorName: 'temp', ts: T0 - 20_000 },
    ]);
    for (const item of history) {
      expect(item).toMatchObject({ channelUuid: second.uuid, channelName: 'Also' });
    }
    // VAN-C is in both groups: its data reached both.
    expect(await historyTs(cloud, data.group.uuid)).toEqual([
      T0 - 10_000,
      T0 - 10_000,
      T0 - 40_000,
    ]);
  });

  it('after removing all members, new data reaches the group no more', async () => {
    const { cloud, data } = suite;
    expectOk(await cloud.call('DELETE', `/v1/groups/${data.second.uuid}`));
    await ingest(cloud, data.gateway, [temp('VAN-C', T0 - 5_000, 6)]);
    expect(await historyTs(cloud, data.second.uuid)).not.toContain(T0 - 5_000);
    expect(await historyTs(cloud, data.group.uuid)).toContain(T0 - 5_000);
  });
});
