import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type CallOptions, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import { buildWorld } from '../test/world.ts';
import { grantAccess } from '../test/fixtures.ts';

const MISSING = '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b';

/** docs/decisions/0005-errors.md, "Errors": bad input gets the error shape, never 5xx, and changes nothing. */
describe('malformed input', () => {
  const suite = useCloud(buildWorld);
  const cloud = () => suite.cloud;

  const node = () => suite.data.nodes.n.node.uuid;
  const group = () => suite.data.groups.north.uuid;
  const sensor = () => suite.data.nodes.n.sensors.temp;

  type Case = [label: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: () => string];
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const cases: Case[] = [
    // bad UUIDs, on every operation that takes one
    ['channel info, bad uuid', 'GET', () => '/v1/channels/not-a-uuid'],
    ['channel info, uuid too long', 'GET', () => `/v1/channels/${node()}0`],
    ['history, bad uuid', 'GET', () => '/v1/channels/1234/history'],
    ['properties, bad uuid', 'PUT', () => '/v1/channels/xyz/properties?properties=%7B%7D'],
    ['remove properties, bad uuid', 'DELETE', () => '/v1/channels/xyz/properties'],
    [
      'push, bad uuid',
      'PUT',
      () => '/v1/channels/xyz/push?to=https%3A%2F%2Fa.example&secret=12345678',
    ],
    ['remove push, bad uuid', 'DELETE', () => '/v1/channels/xyz/push'],
    ['add member, bad group uuid', 'POST', () => `/v1/groups/nope/${node()}`],
    ['add member, bad member uuid', 'POST', () => `/v1/groups/${group()}/nope`],
    ['remove member, bad uuid', 'DELETE', () => `/v1/groups/${group()}/nope`],
    ['remove all, bad uuid', 'DELETE', () => '/v1/groups/nope'],
    ['list members, bad uuid', 'GET', () => '/v1/groups/nope'],
    ['decommission, bad uuid', 'DELETE', () => '/v1/nodes/nope'],
    ['commission, bad group uuid', 'POST', () => '/v1/nodes/NEW-1?name=New&channelUuid=nope'],
    ['key rotation, bad uuid', 'POST', () => '/v1/gateways/nope/key'],
    // ranges and counts
    ['history, non-numeric from', 'GET', () => `/v1/channels/${node()}/history?from=yesterday`],
    ['history, non-numeric to', 'GET', () => `/v1/channels/${node()}/history?to=now`],
    ['history, exponent', 'GET', () => `/v1/channels/${node()}/history?to=1e12`],
    ['history, negative from', 'GET', () => `/v1/channels/${node()}/history?from=-1`],
    ['history, fractional count', 'GET', () => `/v1/channels/${node()}/history?count=1.5`],
    ['history, count 0', 'GET', () => `/v1/channels/${node()}/history?count=0`],
    ['history, count over 10000', 'GET', () => `/v1/channels/${node()}/history?count=10001`],
    ['history, reversed range', 'GET', () => `/v1/channels/${node()}/history?from=2000&to=1000`],
    ['history, over a day', 'GET', () => `/v1/channels/${node()}/history?from=0&to=86400001`],
    ['history, empty from', 'GET', () => `/v1/channels/${node()}/history?from=`],
    // properties
    [
      'properties, invalid JSON',
      'PUT',
      () => `/v1/channels/${node()}/properties?properties=%7Bsite`,
    ],
    ['properties, array', 'PUT', () => `/v1/channels/${node()}/properties?properties=${json([1])}`],
    [
      'properties, string',
      'PUT',
      () => `/v1/channels/${node()}/properties?properties=${json('a')}`,
    ],
    ['properties, null', 'PUT', () => `/v1/channels/${node()}/properties?properties=null`],
    ['properties, number', 'PUT', () => `/v1/channels/${node()}/properties?properties=42`],
    ['properties, missing', 'PUT', () => `/v1/channels/${node()}/properties`],
    [
      'properties, oversized',
      'PUT',
      () => `/v1/channels/${node()}/properties?properties=${json({ a: 'x'.repeat(16_400) })}`,
    ],
    // push settings
    ['push, not a URL', 'PUT', () => `/v1/channels/${node()}/push?to=somewhere&secret=12345678`],
    [
      'push, ftp',
      'PUT',
      () => `/v1/channels/${node()}/push?to=ftp%3A%2F%2Fa.example&secret=12345678`,
    ],
    [
      'push, secret too short',
      'PUT',
      () => `/v1/channels/${node()}/push?to=https%3A%2F%2Fa.example&secret=short`,
    ],
    ['push, no secret', 'PUT', () => `/v1/channels/${node()}/push?to=https%3A%2F%2Fa.example`],
    [
      'push, bad interval',
      'PUT',
      () => `/v1/channels/${node()}/push?to=https%3A%2F%2Fa.example&secret=12345678&interval=soon`,
    ],
    // listing
    ['listing, unknown type', 'GET', () => '/v1/channels?channelType=TRUCK'],
    ['listing, filter too long', 'GET', () => `/v1/channels?filter=${'a'.repeat(201)}`],
    // names and serials
    ['group, empty name', 'POST', () => '/v1/groups/%20%20'],
    ['group, control character', 'POST', () => '/v1/groups/North%0Aern'],
    ['group, NUL', 'POST', () => '/v1/groups/a%00b'],
    ['group, C1 control character', 'POST', () => '/v1/groups/a%C2%85b'],
    ['group, name too long', 'POST', () => `/v1/groups/${'g'.repeat(129)}`],
    ['commission, no name', 'POST', () => '/v1/nodes/NEW-1'],
    ['commission, empty name', 'POST', () => '/v1/nodes/NEW-1?name='],
    ['commission, control character', 'POST', () => '/v1/nodes/NEW-1?name=a%07b'],
    ['commission, bad serial', 'POST', () => '/v1/nodes/bad%20serial?name=New'],
    ['commission, serial too long', 'POST', () => `/v1/nodes/${'S'.repeat(65)}?name=New`],
    ['gateway, bad serial', 'POST', () => '/v1/gateways/-GW?name=New'],
    ['gateway, serial with a colon', 'POST', () => '/v1/gateways/GW:1?name=New'],
    // unknown and duplicate query parameters, on operations that change something
    ['remove all, unknown parameter', 'DELETE', () => `/v1/groups/${group()}?force=true`],
    ['decommission, unknown parameter', 'DELETE', () => `/v1/nodes/${node()}?hard=1`],
    ['group, unknown parameter', 'POST', () => '/v1/groups/Extra?owner=acme'],
    ['commission, unknown parameter', 'POST', () => '/v1/nodes/NEW-1?name=New&owner=fleet'],
    [
      'add member, unknown parameter',
      'POST',
      () => `/v1/groups/${suite.data.groups.west.uuid}/${node()}?x=1`,
    ],
    ['remove member, unknown parameter', 'DELETE', () => `/v1/groups/${group()}/${node()}?x=1`],
    ['remove push, unknown parameter', 'DELETE', () => `/v1/channels/${node()}/push?all=1`],
    [
      'remove properties, unknown parameter',
      'DELETE',
      () => `/v1/channels/${node()}/properties?x=`,
    ],
    ['info, unknown parameter', 'GET', () => `/v1/channels/${node()}?fields=all`],
    ['history, unknown parameter', 'GET', () => `/v1/channels/${node()}/history?limit=5`],
    ['userinfo, unknown parameter', 'GET', () => '/v1/userinfo?tenant=demo'],
    ['ping, unknown parameter', 'GET', () => '/v1/admin/ping?deep=1'],
    ['commission, duplicate name', 'POST', () => '/v1/nodes/NEW-1?name=A&name=B'],
    ['history, duplicate count', 'GET', () => `/v1/channels/${node()}/history?count=1&count=2`],
    [
      'properties, duplicate',
      'PUT',
      () => `/v1/channels/${node()}/properties?properties=%7B%7D&properties=%7B%22a%22%3A1%7D`,
    ],
    ['listing, duplicate filter', 'GET', () => '/v1/channels?filter=a&filter=b'],
    // what the router sees before any route
    ['path, bad percent-encoding', 'POST', () => '/v1/groups/a%ZZb'],
    ['path, segment over the router limit', 'POST', () => `/v1/groups/${'g'.repeat(1_100)}`],
  ];

  it.each(cases)('%s answers 400 and changes nothing', async (_label, method, url) => {
    const before = await databaseState(cloud());
    const answer = await cloud().call(method, url());
    expectError(answer, 400);
    expect(await databaseState(cloud())).toEqual(before);
  });

  it('names the parameter at fault, never its value', async () => {
    const secret = 'tiny-s';
    const answer = await cloud().call('PUT', `/v1/channels/${node()}/push`, {
      query: { to: 'https://hooks.example', secret },
    });
    expectError(answer, 400, /secret/);
    expect(answer.text).not.toContain(secret);
    expectError(
      await cloud().call('GET', `/v1/channels/${node()}/history`, { query: { count: '10001' } }),
      400,
      /count/,
    );
    expectError(
      await cloud().call('GET', '/v1/channels', { query: { sort: 'name' } }),
      400,
      /sort/,
    );
  });

  it('a body that is not valid JSON answers 400 and changes nothing', async () => {
    const before = await databaseState(cloud());
    const headers = { 'content-type': 'application/json' };
    expectError(await cloud().call('POST', '/v1/groups/Bodied', { headers, payload: '{' }), 400);
    expectError(await cloud().call('POST', '/v1/groups/Bodied', { headers, payload: '' }), 400);
    expect(await databaseState(cloud())).toEqual(before);
  });

  it('a body over 64 KiB answers 413 and changes nothing', async () => {
    const before = await databaseState(cloud());
    const body = { padding: 'x'.repeat(70_000) };
    expectError(await cloud().call('POST', '/v1/groups/Heavy', { body }), 413);
    expectError(await cloud().call('DELETE', `/v1/groups/${group()}`, { body }), 413);
    expect(await databaseState(cloud())).toEqual(before);
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'name=Heavy'],
    ['application/xml', '<group/>'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('a %s body answers 415 and changes nothing', async (contentType, payload) => {
    const before = await databaseState(cloud());
    const headers = { 'content-type': contentType };
    expectError(await cloud().call('POST', '/v1/groups/Typed', { headers, payload }), 415);
    expectError(await cloud().call('DELETE', `/v1/groups/${group()}`, { headers, payload }), 415);
    expect(await databaseState(cloud())).toEqual(before);
  });

  it('a JSON body where an operation takes none is ignored', async () => {
    const answer = await cloud().call('POST', '/v1/groups/With body', { body: { name: 'Other' } });
    expect(answer.status).toBe(200);
    expect((answer.json as { name: string }).name).toBe('With body');
  });

  it('an unknown path or method answers 404 in the error shape', async () => {
    expectError(await cloud().call('GET', '/v1/nothing-here'), 404);
    expectError(await cloud().call('GET', '/v2/channels'), 404);
    expectError(await cloud().call('PATCH', `/v1/channels/${node()}`), 404);
    expectError(await cloud().call('POST', '/v1/channels'), 404);
  });

  it('an unknown channel answers 404 on every channel operation and changes nothing', async () => {
    const before = await databaseState(cloud());
    const calls: [string, string, CallOptions?][] = [
      ['GET', `/v1/channels/${MISSING}`],
      ['GET', `/v1/channels/${MISSING}/history`],
      ['PUT', `/v1/channels/${MISSING}/properties`, { query: { properties: '{}' } }],
      ['DELETE', `/v1/channels/${MISSING}/properties`],
      [
        'PUT',
        `/v1/channels/${MISSING}/push`,
        { query: { to: 'https://a.example', secret: '12345678' } },
      ],
      ['DELETE', `/v1/channels/${MISSING}/push`],
      ['GET', `/v1/groups/${MISSING}`],
      ['DELETE', `/v1/groups/${MISSING}`],
      ['POST', `/v1/groups/${MISSING}/${sensor()}`],
      ['DELETE', `/v1/groups/${MISSING}/${sensor()}`],
      ['POST', `/v1/groups/${group()}/${MISSING}`],
      ['DELETE', `/v1/groups/${group()}/${MISSING}`],
      ['DELETE', `/v1/nodes/${MISSING}`],
      ['POST', `/v1/gateways/${MISSING}/key`],
    ];
    for (const [method, url, options] of calls) {
      expectError(await cloud().call(method as 'GET', url, options), 404);
    }
    expect(await databaseState(cloud())).toEqual(before);
  });
});

/** docs/decisions/: credentials (401), input (400), reach (404), permission (403), state (409). */
describe('order of checks', () => {
  const suite = useCloud(buildWorld);

  it('credentials come before input', async () => {
    expectError(
      await suite.cloud.call('GET', '/v1/channels/nope/history?count=0', { as: null }),
      401,
    );
  });

  it('input comes before reach', async () => {
    const { cloud } = suite;
    expectError(await cloud.call('GET', `/v1/channels/${MISSING}/history?from=2&to=1`), 400);
    expectError(
      await cloud.call('PUT', `/v1/channels/${MISSING}/properties?properties=%5B%5D`),
      400,
    );
    expectError(await cloud.call('GET', `/v1/channels/${MISSING}?x=1`), 400);
  });

  it('reach comes before permission', async () => {
    const { cloud, data } = suite;
    const west = data.nodes.w.node.uuid;
    expectError(await cloud.call('DELETE', `/v1/nodes/${west}`, { as: 'fleet' }), 404);
    expectError(await cloud.call('GET', `/v1/channels/${west}/history`, { as: 'support' }), 404);
  });

  it('permission comes before state', async () => {
    const { cloud, data } = suite;
    const loner = data.nodes.x.node.uuid;
    await grantAccess(cloud, 'fleet', loner);
    expect((await cloud.call('DELETE', `/v1/nodes/${loner}`)).status).toBe(200);
    expectError(await cloud.call('DELETE', `/v1/nodes/${loner}`, { as: 'fleet' }), 403);
    expectError(await cloud.call('DELETE', `/v1/nodes/${loner}`), 409);
    expectError(
      await cloud.call('POST', '/v1/nodes/VAN-N', { as: 'fleet', query: { name: 'x' } }),
      403,
    );
  });
});

/** What Node's HTTP parser refuses never reaches a route: it still answers the error shape. */
describe('oversized requests over real HTTP', () => {
  let cloud: TestCloud;
  let base: string;
  const authorization = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;
  beforeAll(async () => {
    cloud = await createTestCloud();
    base = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => cloud.close());

  it('a request line over the header limit answers 413 in the error shape', async () => {
    const before = await databaseState(cloud);
    const response = await fetch(`${base}/v1/groups/Long?x=${'a'.repeat(70_000)}`, {
      method: 'POST',
      headers: { authorization },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      status: 'PAYLOAD_TOO_LARGE',
      message: expect.any(String),
    });
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('headers over the limit answer 413 in the error shape', async () => {
    const response = await fetch(`${base}/v1/userinfo`, {
      headers: { authorization, 'x-padding': 'p'.repeat(70_000) },
    });
    expect(response.status).toBe(413);
    expect((await response.json()) as unknown).toMatchObject({ status: 'PAYLOAD_TOO_LARGE' });
  });

  it('properties at the documented limit fit in a request line, however they encode', async () => {
    const group = (await (
      await fetch(`${base}/v1/groups/Roomy`, { method: 'POST', headers: { authorization } })
    ).json()) as { uuid: string };
    // 16384 bytes of JSON, every character of the value percent-encoded as three.
    const properties = JSON.stringify({ note: '"'.repeat((16_384 - 12) / 2) });
    expect(Buffer.byteLength(properties)).toBeLessThanOrEqual(16_384);
    const response = await fetch(
      `${base}/v1/channels/${group.uuid}/properties?properties=${encodeURIComponent(properties)}`,
      { method: 'PUT', headers: { authorization } },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const info = (await (
      await fetch(`${base}/v1/channels/${group.uuid}`, { headers: { authorization } })
    ).json()) as { properties: unknown };
    expect(info.properties).toEqual(JSON.parse(properties));
  });
});
