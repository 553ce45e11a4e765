import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import { buildWorld } from '../test/world.ts';

const info = async (cloud: TestCloud, uuid: string) =>
  (await cloud.call('GET', `/v1/channels/${uuid}`)).json as ChannelRecord;
const setProperties = (cloud: TestCloud, uuid: string, properties: string) =>
  cloud.call('PUT', `/v1/channels/${uuid}/properties`, { query: { properties } });

describe('channel properties', () => {
  const suite = useCloud(buildWorld);

  it('sets, overwrites (no merge) and removes properties of a node', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.node.uuid;
    expectOk(await setProperties(cloud, uuid, '{"site":"north","dock":3}'));
    expect((await info(cloud, uuid)).properties).toEqual({ site: 'north', dock: 3 });

    expectOk(await setProperties(cloud, uuid, '{"site":"south"}'));
    expect((await info(cloud, uuid)).properties).toEqual({ site: 'south' });

    expectOk(await cloud.call('DELETE', `/v1/channels/${uuid}/properties`));
    expect(await info(cloud, uuid)).not.toHaveProperty('properties');
    // Removing properties that are not there is fine.
    expectOk(await cloud.call('DELETE', `/v1/channels/${uuid}/properties`));
  });

  it('works on sensor, group and gateway channels', async () => {
    const { cloud, data } = suite;
    for (const uuid of [data.nodes.n.sensors.temp, data.groups.north.uuid, data.gateway.uuid]) {
      expectOk(await setProperties(cloud, uuid, '{"kind":"any"}'));
      expect((await info(cloud, uuid)).properties).toEqual({ kind: 'any' });
    }
  });

  it('keeps nested values, unicode and an empty object as sent', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.s.node.uuid;
    const value = { nested: { list: [1, 2.5, null, true], text: 'Größe 北 "quoted"' }, e: {} };
    expectOk(await setProperties(cloud, uuid, JSON.stringify(value, null, 2)));
    expect((await info(cloud, uuid)).properties).toEqual(value);
    expectOk(await setProperties(cloud, uuid, '{}'));
    expect((await info(cloud, uuid)).properties).toEqual({});
  });

  it('takes 16384 bytes of JSON and refuses one more, without changing anything', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.w.node.uuid;
    const exact = JSON.stringify({ v: 'x'.repeat(16_384 - 8) });
    expect(Buffer.byteLength(exact)).toBe(16_384);
    expectOk(await setProperties(cloud, uuid, exact));
    const before = await databaseState(cloud);
    const over = JSON.stringify({ v: 'x'.repeat(16_384 - 7) });
    expectError(await setProperties(cloud, uuid, over), 400, /16384/);
    // Bytes, not characters: 2 bytes per ü.
    expectError(await setProperties(cloud, uuid, JSON.stringify({ v: 'ü'.repeat(8_200) })), 400);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('takes objects and arrays nested 32 levels deep, and refuses deeper ones with 400, not 500', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.w.sensors.gps;
    const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expectOk(await setProperties(cloud, uuid, nested(32)));
    expect((await info(cloud, uuid)).properties).toEqual(JSON.parse(nested(32)));
    const before = await databaseState(cloud);
    expectError(await setProperties(cloud, uuid, nested(33)), 400, /32 levels/);
    expectError(await setProperties(cloud, uuid, nested(20_000)), 400, /32 levels/);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('refuses impossible temperature limits and malformed places with 400, changing nothing', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.sensors.temp;
    expectOk(await setProperties(cloud, uuid, '{"temperature":{"min":2,"max":8}}'));
    const before = await databaseState(cloud);
    expectError(
      await setProperties(cloud, uuid, '{"temperature":{"min":10,"max":2}}'),
      400,
      /"temperature.min" \(10\) must not be above "temperature.max" \(2\)/,
    );
    expectError(
      await setProperties(
        cloud,
        uuid,
        '{"places":[{"name":"Depot","lat":95,"lon":4,"radius":50}]}',
      ),
      400,
      /latitude/,
    );
    expect(await databaseState(cloud)).toEqual(before);
    expect((await info(cloud, uuid)).properties).toEqual({ temperature: { min: 2, max: 8 } });
  });

  it('the listing shows properties, the member listing does not', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.node.uuid;
    expectOk(await setProperties(cloud, uuid, '{"shown":"where listed"}'));
    const listing = await cloud.call('GET', '/v1/channels', { query: { filter: 'Van North' } });
    expect(listing.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uuid, properties: { shown: 'where listed' } }),
      ]),
    );
    const members = await cloud.call('GET', `/v1/groups/${data.groups.north.uuid}`);
    expect(members.text).not.toContain('where listed');
  });
});

describe('properties with If-Match (0171)', () => {
  const suite = useCloud(buildWorld);
  const read = async (cloud: TestCloud, uuid: string) => {
    const answer = await cloud.call('GET', `/v1/channels/${uuid}`);
    const tag = answer.headers.etag;
    expect(typeof tag).toBe('string');
    return { tag: String(tag), record: answer.json as ChannelRecord };
  };
  const put = (cloud: TestCloud, uuid: string, properties: string, ifMatch?: string) =>
    cloud.call('PUT', `/v1/channels/${uuid}/properties`, {
      query: { properties },
      ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
    });

  it('GET answers an ETag that changes with the properties only', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.node.uuid;
    expectOk(await put(cloud, uuid, '{"cargo":"fish"}'));
    const first = await read(cloud, uuid);
    expect((await read(cloud, uuid)).tag).toBe(first.tag);
    expectOk(await put(cloud, uuid, '{"cargo":"ice"}'));
    expect((await read(cloud, uuid)).tag).not.toBe(first.tag);
  });

  it('a stale If-Match answers 412 and changes nothing; a fresh one and none save', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.s.node.uuid;
    expectOk(await put(cloud, uuid, '{"cargo":"Van 57 cargo"}'));
    const seen = await read(cloud, uuid);
    // Someone else saves meanwhile.
    expectOk(await put(cloud, uuid, '{"cargo":"Van 57 cargo","temperature":{"max":8}}', seen.tag));
    const before = await databaseState(cloud);
    const stale = await put(cloud, uuid, '{"temperature":{"max":4}}', seen.tag);
    expectError(stale, 412, /changed since/);
    expect(stale.json).toMatchObject({ status: 'PRECONDITION_FAILED' });
    expectError(
      await cloud.call('DELETE', `/v1/channels/${uuid}/properties`, {
        headers: { 'if-match': seen.tag },
      }),
      412,
    );
    expect(await databaseState(cloud)).toEqual(before);
    expect((await read(cloud, uuid)).record.properties).toEqual({
      cargo: 'Van 57 cargo',
      temperature: { max: 8 },
    });

    const fresh = await read(cloud, uuid);
    expectOk(await put(cloud, uuid, '{"cargo":"Van 57 cargo","temperature":{"max":4}}', fresh.tag));
    expect((await read(cloud, uuid)).record.properties).toEqual({
      cargo: 'Van 57 cargo',
      temperature: { max: 4 },
    });
    // Without If-Match the interface's meaning stays: it overwrites.
    expectOk(await put(cloud, uuid, '{"site":"south"}'));
    expect((await read(cloud, uuid)).record.properties).toEqual({ site: 'south' });
    // `*` and a weakened tag match; a channel without properties has a tag too.
    expectOk(
      await cloud.call('DELETE', `/v1/channels/${uuid}/properties`, {
        headers: { 'if-match': `W/${(await read(cloud, uuid)).tag}` },
      }),
    );
    expectOk(await put(cloud, uuid, '{"site":"east"}', (await read(cloud, uuid)).tag));
    expectOk(await put(cloud, uuid, '{"site":"west"}', '*'));
  });

  it('of two saves made from the same properties at once, one lands and the other answers 412', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.w.node.uuid;
    expectOk(await put(cloud, uuid, '{"n":0}'));
    const { tag } = await read(cloud, uuid);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => put(cloud, uuid, JSON.stringify({ n }), tag)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412]);
  });
});
