import { describe, expect, it } from 'vitest';
import type { Timeslice } from '../../contract/timeslice.ts';
import { T0, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import {
  commission,
  gps,
  ingest,
  registerGateway,
  temp,
  type TestGateway,
} from '../test/fixtures.ts';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Sends raw text to /v1/ingest as a gateway. */
const deliverRaw = (
  cloud: TestCloud,
  gateway: TestGateway,
  payload: string,
  contentType = 'application/json',
) =>
  cloud.call('POST', '/v1/ingest', {
    as: null,
    headers: { authorization: basic(gateway.serial, gateway.key), 'content-type': contentType },
    payload,
  });

describe('POST /v1/ingest: gateway credentials', () => {
  const suite = useCloud(async (cloud) => {
    await commission(cloud, 'VAN-I');
    return registerGateway(cloud, 'GW-I');
  });
  const body = { messages: [temp('VAN-I', T0 - 1_000, 1)] };

  it.each([
    ['no credentials', undefined],
    ['a wrong key', basic('GW-I', 'gwk_wrong')],
    ['an unknown serial', basic('GW-NONE', 'gwk_wrong')],
    ['a node serial', basic('VAN-I', 'anything')],
    ['a user’s credentials', basic('admin', 'demo-admin')],
    ['a bearer token', 'Bearer abc'],
  ])(
    '%s answers 401 with the gateways’ challenge, storing nothing',
    async (_label, authorization) => {
      const { cloud } = suite;
      const before = await databaseState(cloud);
      const answer = await cloud.call('POST', '/v1/ingest', {
        as: null,
        headers: authorization === undefined ? {} : { authorization },
        body,
      });
      expectError(answer, 401);
      expect(answer.headers['www-authenticate']).toMatch(/^Basic realm="telemetry-gateways"/);
      expect(await databaseState(cloud)).toEqual(before);
    },
  );

  it('the serial and key of a registered gateway are accepted', async () => {
    const answer = await ingest(suite.cloud, suite.data, body.messages);
    expect(answer.json).toEqual({ status: 'OK', accepted: 1, duplicates: 0, rejected: [] });
  });
});

describe('POST /v1/ingest: messages', () => {
  const suite = useCloud(async (cloud) => {
    await commission(cloud, 'VAN-M', { name: 'Van M' });
    return {
      first: await registerGateway(cloud, 'GW-M1'),
      second: await registerGateway(cloud, 'GW-M2'),
    };
  });

  it('stores a message once: a repeat, or the same message from another gateway, is a duplicate', async () => {
    const { cloud, data } = suite;
    const message = temp('VAN-M', T0 - 60_000, 3);
    expect((await ingest(cloud, data.first, [message, message])).json).toEqual({
      status: 'OK',
      accepted: 1,
      duplicates: 1,
      rejected: [],
    });
    expect((await ingest(cloud, data.second, [message])).json).toMatchObject({
      accepted: 0,
      duplicates: 1,
    });
    const [sensor] = await cloud
      .call('GET', '/v1/channels', { query: { channelType: 'SENSOR', filter: 'Van M/temp' } })
      .then((answer) => answer.json as { uuid: string }[]);
    const history = (await cloud.call('GET', `/v1/channels/${sensor?.uuid ?? ''}/history`))
      .json as Timeslice[];
    expect(history).toHaveLength(1);
    expect(history[0]?.gatewayUuid).toBe(data.first.uuid);
  });

  it('a gateway’s own sensors belong to its GATEWAY channel', async () => {
    const { cloud, data } = suite;
    const message = { ...temp(data.first.serial, T0 - 45_000, 21), sensor: 'cpu-temp' };
    expect((await ingest(cloud, data.first, [message])).json).toMatchObject({ accepted: 1 });
    const history = (await cloud.call('GET', `/v1/channels/${data.first.uuid}/history`))
      .json as Timeslice[];
    expect(history).toMatchObject([
      {
        channelUuid: data.first.uuid,
        nodeUuid: data.first.uuid,
        gatewayUuid: data.first.uuid,
        sensorName: 'cpu-temp',
        ts: T0 - 45_000,
      },
    ]);
    const sensor = await cloud.call('GET', `/v1/channels/${history[0]?.sensorUuid ?? ''}`);
    expect(sensor.json).toMatchObject({ channelType: 'SENSOR', name: 'Gateway GW-M1/cpu-temp' });
  });

  it('reports by index what it cannot take, and stores the rest', async () => {
    const { cloud, data } = suite;
    const answer = await ingest(cloud, data.first, [
      temp('VAN-M', T0 - 50_000, 1),
      temp('VAN-UNKNOWN', T0 - 50_000, 1),
      { node: 'VAN-M', sensor: 'temp', type: 'GPS', ts: T0 - 49_000, value: { lat: 1, lon: 2 } },
      temp('VAN-M', T0 + 5 * 60_000 + 1, 1),
      gps('VAN-M', T0 + 5 * 60_000, 52, 4),
    ]);
    expect(answer.status).toBe(200);
    const result = answer.json as {
      accepted: number;
      rejected: { index: number; reason: string }[];
    };
    expect(result.accepted).toBe(2);
    expect(result.rejected.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(result.rejected[0]?.reason).toMatch(/not commissioned/);
    expect(result.rejected[1]?.reason).toMatch(/TEMP/);
    expect(result.rejected[2]?.reason).toMatch(/future/);
  });

  it('takes up to 1000 messages and bodies over 64 KiB up to 1 MiB', async () => {
    const { cloud, data } = suite;
    const messages = Array.from({ length: 1_000 }, (_, i) => ({
      ...gps('VAN-M', T0 - 3_600_000 + i, 52.123456789, 4.123456789),
      sensor: `gps-${'x'.repeat(50)}`,
    }));
    expect(JSON.stringify({ messages }).length).toBeGreaterThan(65_536);
    expect((await ingest(cloud, data.first, messages)).json).toMatchObject({ accepted: 1_000 });
  });

  const valid = temp('VAN-M', T0 - 40_000, 1);
  it.each([
    ['no messages', { messages: [] }],
    ['1001 messages', { messages: Array.from({ length: 1_001 }, (_, i) => temp('VAN-M', i, 1)) }],
    ['no messages field', {}],
    ['messages not a list', { messages: valid }],
    ['an unknown top-level field', { messages: [valid], gateway: 'GW-M1' }],
    ['an unknown message field', { messages: [valid, { ...valid, ts: 1, extra: 1 }] }],
    ['an unknown value field', { messages: [valid, { ...valid, ts: 2, value: { celsius: 1 } }] }],
    [
      'a value of the wrong type',
      { messages: [valid, { ...valid, ts: 3, value: { temperature: '4' } }] },
    ],
    ['an unknown type', { messages: [valid, { ...valid, ts: 4, type: 'HUMIDITY' }] }],
    ['a latitude out of range', { messages: [valid, { ...gps('VAN-M', 5, 91, 4) }] }],
    ['a negative ts', { messages: [valid, { ...valid, ts: -1 }] }],
    ['a fractional ts', { messages: [valid, { ...valid, ts: 1.5 }] }],
    ['a bad sensor name', { messages: [valid, { ...valid, ts: 6, sensor: '../temp' }] }],
    ['a bad node serial', { messages: [valid, { ...valid, ts: 7, node: 'VAN M' }] }],
    ['no node', { messages: [valid, { sensor: 'temp', type: 'TEMP', ts: 8, value: {} }] }],
  ])('%s answers 400 and stores nothing, not even the valid messages', async (_label, body) => {
    const { cloud, data } = suite;
    const before = await databaseState(cloud);
    expectError(await deliverRaw(cloud, data.first, JSON.stringify(body)), 400);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('a body over 1 MiB answers 413 and stores nothing', async () => {
    const { cloud, data } = suite;
    const before = await databaseState(cloud);
    const padding = 'x'.repeat(1_048_576);
    const answer = await deliverRaw(
      cloud,
      data.first,
      JSON.stringify({ messages: [{ ...temp('VAN-M', T0 - 30_000, 1), sensor: padding }] }),
    );
    expectError(answer, 413);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it.each([
    ['text/plain', JSON.stringify({ messages: [temp('VAN-M', T0 - 20_000, 1)] })],
    ['application/x-www-form-urlencoded', 'messages=1'],
    ['application/octet-stream', 'binary'],
  ])('a %s body answers 415 and stores nothing', async (contentType, payload) => {
    const { cloud, data } = suite;
    const before = await databaseState(cloud);
    expectError(await deliverRaw(cloud, data.first, payload, contentType), 415);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('an empty or unparsable JSON body answers 400', async () => {
    const { cloud, data } = suite;
    expectError(await deliverRaw(cloud, data.first, ''), 400);
    expectError(await deliverRaw(cloud, data.first, '{"messages": ['), 400);
  });
});

describe('POST /v1/ingest: a gateway delivers for its own tenant only', () => {
  const suite = useCloud(async (cloud) => {
    await commission(cloud, 'VAN-T', { name: 'Van T' });
    await commission(cloud, 'ACME-T', { name: 'Acme T', as: 'acme' });
    return { foreign: await registerGateway(cloud, 'EVIL-GW-1', 'acme') };
  });

  it('a message for another tenant’s node is rejected by its index and stores nothing', async () => {
    const { cloud, data } = suite;
    const before = await databaseState(cloud);
    const answer = await ingest(cloud, data.foreign, [
      temp('VAN-T', T0 - 1_000, 99),
      { ...temp('VAN-T', T0 - 1_000, 1), sensor: 'injected' },
      gps('VAN-T', T0 - 1_000, 1, 2),
    ]);
    const reason = 'node VAN-T is not commissioned in tenant acme';
    expect(answer.json).toEqual({
      status: 'OK',
      accepted: 0,
      duplicates: 0,
      rejected: [
        { index: 0, reason },
        { index: 1, reason },
        { index: 2, reason },
      ],
    });
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('the same words as for a serial no tenant has, and its own tenant’s nodes are stored', async () => {
    const { cloud, data } = suite;
    const answer = await ingest(cloud, data.foreign, [
      temp('NOBODY-1', T0 - 1_000, 1),
      temp('ACME-T', T0 - 1_000, 4),
    ]);
    expect(answer.json).toEqual({
      status: 'OK',
      accepted: 1,
      duplicates: 0,
      rejected: [{ index: 0, reason: 'node NOBODY-1 is not commissioned in tenant acme' }],
    });
  });
});
