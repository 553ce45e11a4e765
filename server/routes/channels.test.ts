import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectOk, keysOf } from '../test/assertions.ts';
import { buildWorld } from '../test/world.ts';

const names = (records: unknown) => (records as ChannelRecord[]).map((record) => record.name);

describe('GET /v1/channels/{channelUuid}: channel information', () => {
  const suite = useCloud(buildWorld);

  it('answers a node with reference and pushInterval, without pushURL or properties when unset', async () => {
    const { cloud, data } = suite;
    const answer = await cloud.call('GET', `/v1/channels/${data.nodes.x.node.uuid}`);
    expect(answer.json).toEqual({
      uuid: data.nodes.x.node.uuid,
      channelType: 'NODE',
      name: 'Van Loner',
      tenant: 'demo',
      reference: 'VAN-X',
      active: true,
      pushInterval: 0,
    });
  });

  it('answers sensors and groups without reference', async () => {
    const { cloud, data } = suite;
    for (const uuid of [data.nodes.x.sensors.temp, data.groups.north.uuid]) {
      const answer = await cloud.call('GET', `/v1/channels/${uuid}`);
      expect(keysOf(answer.json)).toEqual([
        'active',
        'channelType',
        'name',
        'pushInterval',
        'tenant',
        'uuid',
      ]);
    }
    expect(
      (await cloud.call('GET', `/v1/channels/${data.nodes.x.sensors.gps}`)).json,
    ).toMatchObject({
      channelType: 'SENSOR',
      name: 'Van Loner/gps',
    });
  });

  it('answers a gateway as channelType GATEWAY with its serial', async () => {
    const { cloud, data } = suite;
    const answer = await cloud.call('GET', `/v1/channels/${data.gateway.uuid}`);
    expect(answer.json).toMatchObject({ channelType: 'GATEWAY', reference: 'GW-WORLD' });
  });

  it('adds pushURL and properties once set, and never the secret', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.x.node.uuid;
    expectOk(
      await cloud.call('PUT', `/v1/channels/${uuid}/push`, {
        query: { to: 'https://hooks.example/x', interval: '60', secret: 'info-secret-1' },
      }),
    );
    expectOk(
      await cloud.call('PUT', `/v1/channels/${uuid}/properties`, {
        query: { properties: '{"depot":"Rotterdam"}' },
      }),
    );
    const answer = await cloud.call('GET', `/v1/channels/${uuid}`);
    expect(answer.json).toEqual({
      uuid,
      channelType: 'NODE',
      name: 'Van Loner',
      tenant: 'demo',
      reference: 'VAN-X',
      active: true,
      pushInterval: 60,
      pushURL: 'https://hooks.example/x',
      properties: { depot: 'Rotterdam' },
    });
    expect(answer.text).not.toContain('info-secret-1');
  });

  it('takes the uuid in upper case too', async () => {
    const { cloud, data } = suite;
    const answer = await cloud.call('GET', `/v1/channels/${data.groups.north.uuid.toUpperCase()}`);
    expect((answer.json as ChannelRecord).uuid).toBe(data.groups.north.uuid);
  });
});

describe('GET /v1/channels: listing', () => {
  const suite = useCloud(buildWorld);

  it('lists every channel the caller reaches, each with pushInterval', async () => {
    const { cloud } = suite;
    const answer = await cloud.call('GET', '/v1/channels');
    const records = answer.json as ChannelRecord[];
    // demo: 3 groups, 4 nodes with 2 sensors each, 1 gateway; acme: its group, reached by access,
    // with its member node and that node's sensors.
    expect(records).toHaveLength(3 + 4 * 3 + 1 + 1 + 3);
    // Our tenant extension: the acme group, its node and its sensors say acme, the rest demo.
    expect(records.filter((r) => r.tenant === 'acme')).toHaveLength(1 + 3);
    expect(records.filter((r) => r.tenant === 'demo')).toHaveLength(3 + 4 * 3 + 1);
    for (const record of records) {
      expect(record.pushInterval).toBe(0);
      expect(record).not.toHaveProperty('pushURL');
      expect(record).not.toHaveProperty('properties');
      const expected = ['active', 'channelType', 'name', 'pushInterval', 'tenant', 'uuid'];
      if (record.channelType === 'NODE' || record.channelType === 'GATEWAY')
        expected.push('reference');
      expect(keysOf(record)).toEqual(expected.sort());
    }
  });

  it.each([
    ['GROUP', ['Acme depot', 'North', 'South', 'West']],
    ['NODE', ['Acme truck', 'Van Loner', 'Van North', 'Van South', 'Van West']],
    ['GATEWAY', ['Gateway GW-WORLD']],
  ])('channelType=%s lists only that type', async (channelType, expected) => {
    const answer = await suite.cloud.call('GET', '/v1/channels', { query: { channelType } });
    expect(names(answer.json).sort()).toEqual(expected.sort());
  });

  it('channelType=SENSOR lists the sensors, named <node>/<sensor>', async () => {
    const answer = await suite.cloud.call('GET', '/v1/channels', {
      query: { channelType: 'SENSOR', filter: 'van north' },
    });
    expect(names(answer.json).sort()).toEqual(['Van North/gps', 'Van North/temp']);
  });

  it('filter matches the name as a case-insensitive substring', async () => {
    const { cloud } = suite;
    const list = async (filter: string) =>
      names((await cloud.call('GET', '/v1/channels', { query: { filter } })).json).sort();
    expect(await list('NORTH')).toEqual(['North', 'Van North', 'Van North/gps', 'Van North/temp']);
    expect(await list('/TEMP')).toHaveLength(5);
    expect(await list('nothing like it')).toEqual([]);
    expect(await list('')).toHaveLength(20);
    expect(await list('%_*')).toEqual([]);
  });

  it('combines channelType and filter', async () => {
    const answer = await suite.cloud.call('GET', '/v1/channels', {
      query: { channelType: 'NODE', filter: 'south' },
    });
    expect(names(answer.json)).toEqual(['Van South']);
  });

  it('shows pushURL and properties of the channels that have them', async () => {
    const { cloud, data } = suite;
    const uuid = data.groups.west.uuid;
    expectOk(
      await cloud.call('PUT', `/v1/channels/${uuid}/push`, {
        query: { to: 'https://hooks.example/w', secret: 'listing-secret' },
      }),
    );
    expectOk(
      await cloud.call('PUT', `/v1/channels/${uuid}/properties`, {
        query: { properties: '{"a":[1]}' },
      }),
    );
    const answer = await cloud.call('GET', '/v1/channels', { query: { channelType: 'GROUP' } });
    const west = (answer.json as ChannelRecord[]).find((record) => record.uuid === uuid);
    expect(west).toMatchObject({
      pushURL: 'https://hooks.example/w',
      pushInterval: 0,
      properties: { a: [1] },
    });
    expect(answer.text).not.toContain('listing-secret');
  });

  it('keeps decommissioned channels, inactive, for whoever commissioned them', async () => {
    const { cloud, data } = suite;
    expectOk(await cloud.call('DELETE', `/v1/nodes/${data.nodes.x.node.uuid}`));
    const answer = await cloud.call('GET', '/v1/channels', { query: { filter: 'Van Loner' } });
    const records = answer.json as ChannelRecord[];
    expect(records).toHaveLength(3);
    for (const record of records) expect(record.active).toBe(false);
  });
});
