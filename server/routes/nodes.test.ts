import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { T0 } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk, keysOf } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import {
  commission,
  createGroup,
  grantAccess,
  ingest,
  registerGateway,
  channelOf,
  createUser,
  temp,
} from '../test/fixtures.ts';

const uuids = (records: unknown) => (records as ChannelRecord[]).map((record) => record.uuid);

describe('POST /v1/nodes/{nodeSerial}: commissioning', () => {
  const suite = useCloud();

  it('creates the NODE channel with reference = serial, owned by the caller, with access', async () => {
    const { cloud } = suite;
    const answer = await cloud.call('POST', '/v1/nodes/VAN-07', { query: { name: 'Van 07' } });
    expect(answer.status).toBe(200);
    const records = answer.json as ChannelRecord[];
    expect(records).toHaveLength(1);
    const node = records[0] as ChannelRecord;
    expect(keysOf(node)).toEqual(['active', 'channelType', 'name', 'reference', 'tenant', 'uuid']);
    expect(node).toMatchObject({
      channelType: 'NODE',
      name: 'Van 07',
      reference: 'VAN-07',
      active: true,
    });
    const row = await channelOf(cloud, node.uuid);
    expect(row.ownerId).toBe(cloud.ids.admin);
    expect(row.tenant).toBe('demo');
    const access = await cloud.sql.all(
      'SELECT user_id FROM channel_access WHERE channel_id = ?',
      row.id,
    );
    expect(access).toEqual([{ user_id: cloud.ids.admin }]);
    const info = await cloud.call('GET', `/v1/channels/${node.uuid}`);
    expect(info.json).toEqual({ ...node, pushInterval: 0 });
  });

  it('puts the node in the tenant of the caller', async () => {
    const node = await commission(suite.cloud, 'ACME-77', { as: 'acme' });
    expect(await channelOf(suite.cloud, node.uuid)).toMatchObject({
      tenant: 'acme',
      ownerId: suite.cloud.ids.acme,
    });
    expectError(await suite.cloud.call('GET', `/v1/channels/${node.uuid}`, { as: 'admin' }), 404);
  });

  it('with channelUuid adds the node to that group', async () => {
    const { cloud } = suite;
    const group = await createGroup(cloud, 'Depot');
    const node = await commission(cloud, 'VAN-08', { group: group.uuid.toUpperCase() });
    expect(uuids((await cloud.call('GET', `/v1/groups/${group.uuid}`)).json)).toEqual([node.uuid]);
  });

  it('answers 403 and creates nothing when the caller has no access to the group', async () => {
    const { cloud } = suite;
    const acmeGroup = await createGroup(cloud, 'Acme only', 'acme');
    const before = await databaseState(cloud);
    for (const channelUuid of [acmeGroup.uuid, '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b']) {
      const answer = await cloud.call('POST', '/v1/nodes/VAN-09', {
        query: { name: 'Van 09', channelUuid },
      });
      expectError(answer, 403, /access/);
    }
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('refuses a group of another tenant, even one the caller may read, and creates nothing', async () => {
    const { cloud } = suite;
    const acmeGroup = await createGroup(cloud, 'Acme shared', 'acme');
    await grantAccess(cloud, 'admin', acmeGroup.uuid);
    const before = await databaseState(cloud);
    const answer = await cloud.call('POST', '/v1/nodes/VAN-10', {
      query: { name: 'Van 10', channelUuid: acmeGroup.uuid },
    });
    expectError(answer, 400, /tenant/);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('answers 400 when channelUuid names a channel that is not a group', async () => {
    const { cloud } = suite;
    const other = await commission(cloud, 'VAN-11');
    const before = await databaseState(cloud);
    const answer = await cloud.call('POST', '/v1/nodes/VAN-12', {
      query: { name: 'Van 12', channelUuid: other.uuid },
    });
    expectError(answer, 400, /group/);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('answers 409 for a serial that is already commissioned, by anyone, as node or gateway', async () => {
    const { cloud } = suite;
    await commission(cloud, 'VAN-13');
    await registerGateway(cloud, 'GW-13');
    const before = await databaseState(cloud);
    expectError(await cloud.call('POST', '/v1/nodes/VAN-13', { query: { name: 'Again' } }), 409);
    expectError(
      await cloud.call('POST', '/v1/nodes/VAN-13', { query: { name: 'Theirs' }, as: 'acme' }),
      409,
    );
    expectError(await cloud.call('POST', '/v1/nodes/GW-13', { query: { name: 'Gateway' } }), 409);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('takes names up to 128 characters, trimmed, with any script', async () => {
    const { cloud } = suite;
    const long = 'n'.repeat(128);
    expect((await commission(cloud, 'VAN-14', { name: long })).name).toBe(long);
    expect((await commission(cloud, 'VAN-15', { name: '  Kühlwagen 北 ' })).name).toBe(
      'Kühlwagen 北',
    );
    expect((await commission(cloud, 'a.b_c-d:e', { name: 'Odd serial' })).reference).toBe(
      'a.b_c-d:e',
    );
  });
});

describe('POST /v1/nodes/{nodeSerial}?tenant=: commissioning into a chosen tenant', () => {
  const suite = useCloud();

  it('commissions into the tenant named where the caller may, and refuses it elsewhere', async () => {
    const { cloud } = suite;
    const both = await createUser(cloud, 'commissioner', [
      { tenant: 'demo', objectType: 'assets', operation: 'COMMISSION' },
      { tenant: 'demo', objectType: 'assets', operation: 'READ' },
      { tenant: 'acme', objectType: 'assets', operation: 'COMMISSION' },
      { tenant: 'acme', objectType: 'assets', operation: 'READ' },
    ]);
    const as = { username: both.username, password: both.password };
    const made = await cloud.call('POST', '/v1/nodes/ACME-77', {
      as,
      query: { name: 'Acme 77', tenant: 'acme' },
    });
    expect(made.status).toBe(200);
    expect((made.json as ChannelRecord[])[0]).toMatchObject({ name: 'Acme 77', tenant: 'acme' });
    const before = await databaseState(cloud);
    expectError(
      await cloud.call('POST', '/v1/nodes/ACME-78', { query: { name: 'Acme 78', tenant: 'acme' } }),
      403,
      /needs COMMISSION on assets in tenant acme/,
    );
    expect(await databaseState(cloud)).toEqual(before);
  });
});

describe('sensors appear on first data', () => {
  const suite = useCloud(async (cloud) => registerGateway(cloud));

  it('creates a SENSOR channel per sensor name when the node first delivers it', async () => {
    const { cloud, data: gateway } = suite;
    const node = await commission(cloud, 'VAN-20', { name: 'Van 20' });
    const sensors = () =>
      cloud.call('GET', '/v1/channels', { query: { channelType: 'SENSOR', filter: 'Van 20/' } });
    expect((await sensors()).json).toEqual([]);

    await ingest(cloud, gateway, [temp('VAN-20', T0 - 1_000, 5)]);
    const listed = (await sensors()).json as ChannelRecord[];
    expect(listed).toHaveLength(1);
    const sensor = listed[0] as ChannelRecord;
    expect(sensor).toEqual({
      uuid: expect.any(String),
      channelType: 'SENSOR',
      name: 'Van 20/temp',
      tenant: 'demo',
      active: true,
      pushInterval: 0,
    });
    expect(await channelOf(cloud, sensor.uuid)).toMatchObject({
      tenant: 'demo',
      ownerId: cloud.ids.admin,
      nodeId: (await channelOf(cloud, node.uuid)).id,
    });

    // The same sensor again creates nothing new.
    await ingest(cloud, gateway, [temp('VAN-20', T0 - 500, 6)]);
    expect(uuids((await sensors()).json)).toEqual([sensor.uuid]);
  });
});

describe('DELETE /v1/nodes/{nodeUuid}: decommissioning', () => {
  const suite = useCloud(async (cloud) => {
    const gateway = await registerGateway(cloud);
    const north = await createGroup(cloud, 'North');
    const south = await createGroup(cloud, 'South');
    const node = await commission(cloud, 'VAN-30', { name: 'Van 30', group: north.uuid });
    await ingest(cloud, gateway, [temp('VAN-30', T0 - 3_000, 3)]);
    const [temperature] = await cloud.store.channels.sensorsOf([
      (await channelOf(cloud, node.uuid)).id,
    ]);
    if (!temperature) throw new Error('no sensor');
    expectOk(await cloud.call('POST', `/v1/groups/${south.uuid}/${temperature.uuid}`));
    await ingest(cloud, gateway, [temp('VAN-30', T0 - 2_000, 4)]);
    await grantAccess(cloud, 'fleet', north.uuid);
    return { gateway, north, south, node, sensorUuid: temperature.uuid };
  });

  it('detaches node and sensors from every group, clears owners, keeps inactive channels', async () => {
    const { cloud, data } = suite;
    const { node, north, south, sensorUuid } = data;
    expect((await cloud.call('GET', `/v1/channels/${node.uuid}`, { as: 'fleet' })).status).toBe(
      200,
    );

    expectOk(await cloud.call('DELETE', `/v1/nodes/${node.uuid}`));

    expect((await cloud.call('GET', `/v1/groups/${north.uuid}`)).json).toEqual([]);
    expect((await cloud.call('GET', `/v1/groups/${south.uuid}`)).json).toEqual([]);
    for (const uuid of [node.uuid, sensorUuid]) {
      expect(await channelOf(cloud, uuid)).toMatchObject({ active: false, ownerId: null });
      // The commissioner keeps its explicit access (docs/decisions/): the channels stay visible.
      const info = await cloud.call('GET', `/v1/channels/${uuid}`);
      expect((info.json as ChannelRecord).active).toBe(false);
      // Reach through the group is gone.
      expectError(await cloud.call('GET', `/v1/channels/${uuid}`, { as: 'fleet' }), 404);
    }
    expect((await cloud.call('GET', `/v1/channels/${node.uuid}`)).json).toMatchObject({
      reference: 'VAN-30',
      active: false,
    });
  });

  it('keeps the history of the decommissioned channels', async () => {
    const { cloud, data } = suite;
    const tss = async (uuid: string) =>
      ((await cloud.call('GET', `/v1/channels/${uuid}/history`)).json as { ts: number }[]).map(
        (item) => item.ts,
      );
    for (const uuid of [data.node.uuid, data.sensorUuid, data.north.uuid]) {
      expect(await tss(uuid)).toEqual([T0 - 2_000, T0 - 3_000]);
    }
    // The sensor joined South after its first reading.
    expect(await tss(data.south.uuid)).toEqual([T0 - 2_000]);
  });

  it('refuses data for the serial from then on', async () => {
    const { cloud, data } = suite;
    const answer = await ingest(cloud, data.gateway, [temp('VAN-30', T0 - 1_000, 9)]);
    expect(answer.json).toMatchObject({ accepted: 0, rejected: [{ index: 0 }] });
  });

  it('answers 409 the second time and changes nothing', async () => {
    const { cloud, data } = suite;
    const before = await databaseState(cloud);
    expectError(await cloud.call('DELETE', `/v1/nodes/${data.node.uuid}`), 409);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('answers 400 for a sensor or group channel and changes nothing', async () => {
    const { cloud, data } = suite;
    const other = await commission(cloud, 'VAN-31');
    await ingest(cloud, data.gateway, [temp('VAN-31', T0 - 1_000, 9)]);
    const [sensor] = await cloud.store.channels.sensorsOf([
      (await channelOf(cloud, other.uuid)).id,
    ]);
    const before = await databaseState(cloud);
    expectError(await cloud.call('DELETE', `/v1/nodes/${sensor?.uuid ?? ''}`), 400);
    expectError(await cloud.call('DELETE', `/v1/nodes/${data.north.uuid}`), 400);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('a decommissioned serial can be commissioned again as a new channel', async () => {
    const { cloud, data } = suite;
    const again = await commission(cloud, 'VAN-30', { name: 'Van 30 (new)' });
    expect(again.uuid).not.toBe(data.node.uuid);
    expect(again.reference).toBe('VAN-30');
    await ingest(cloud, data.gateway, [temp('VAN-30', T0 - 500, 7)]);

    const newHistory = await cloud.call('GET', `/v1/channels/${again.uuid}/history`);
    expect(newHistory.json).toMatchObject([{ ts: T0 - 500, nodeUuid: again.uuid }]);
    const oldHistory = await cloud.call('GET', `/v1/channels/${data.node.uuid}/history`);
    expect((oldHistory.json as { ts: number }[]).map((item) => item.ts)).toEqual([
      T0 - 2_000,
      T0 - 3_000,
    ]);
    expect((await channelOf(cloud, data.node.uuid)).active).toBe(false);

    // The new node has sensors of its own.
    const newSensors = await cloud.store.channels.sensorsOf([
      (await channelOf(cloud, again.uuid)).id,
    ]);
    expect(newSensors.map((row) => row.uuid)).not.toContain(data.sensorUuid);
    expect(newSensors).toHaveLength(1);
  });

  it('decommissions a gateway too', async () => {
    const { cloud } = suite;
    const gateway = await registerGateway(cloud, 'GW-32');
    expectOk(await cloud.call('DELETE', `/v1/nodes/${gateway.uuid}`));
    expect((await channelOf(cloud, gateway.uuid)).active).toBe(false);
    expectError(await ingest(cloud, gateway, [temp('VAN-31', T0, 1)]), 401);
  });
});
