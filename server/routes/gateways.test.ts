import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { T0 } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk, keysOf } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import { channelOf, commission, ingest, registerGateway, temp } from '../test/fixtures.ts';

interface GatewayKey {
  channel: ChannelRecord;
  key: string;
}

describe('POST /v1/gateways/{gatewaySerial}: registering a gateway (extension)', () => {
  const suite = useCloud();

  it('creates a GATEWAY channel owned by the caller and answers its key once', async () => {
    const { cloud } = suite;
    const answer = await cloud.call('POST', '/v1/gateways/GW-100', {
      query: { name: 'Roof gateway' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json as GatewayKey;
    expect(keysOf(body)).toEqual(['channel', 'key']);
    expect(body.channel).toEqual({
      uuid: expect.any(String),
      channelType: 'GATEWAY',
      name: 'Roof gateway',
      tenant: 'demo',
      reference: 'GW-100',
      active: true,
    });
    expect(await channelOf(cloud, body.channel.uuid)).toMatchObject({
      tenant: 'demo',
      ownerId: cloud.ids.admin,
    });
    // At least 256 bits, and stored only as a digest.
    expect(body.key.length).toBeGreaterThanOrEqual(43);
    expect(JSON.stringify(await databaseState(cloud))).not.toContain(body.key);
    // The key is not shown again.
    const info = await cloud.call('GET', `/v1/channels/${body.channel.uuid}`);
    expect(info.text).not.toContain(body.key);
  });

  it('names the gateway by its serial when no name is given', async () => {
    const answer = await suite.cloud.call('POST', '/v1/gateways/GW-101');
    expect((answer.json as GatewayKey).channel.name).toBe('GW-101');
  });

  it('puts the gateway in the caller’s tenant', async () => {
    const gateway = await registerGateway(suite.cloud, 'GW-ACME', 'acme');
    expect((await channelOf(suite.cloud, gateway.uuid)).tenant).toBe('acme');
  });

  it('answers 409 for a serial already commissioned as gateway or node, changing nothing', async () => {
    const { cloud } = suite;
    await commission(cloud, 'VAN-102');
    const before = await databaseState(cloud);
    expectError(await cloud.call('POST', '/v1/gateways/GW-100'), 409);
    expectError(await cloud.call('POST', '/v1/gateways/GW-100', { as: 'acme' }), 409);
    expectError(await cloud.call('POST', '/v1/gateways/VAN-102'), 409);
    expect(await databaseState(cloud)).toEqual(before);
  });
});

describe('POST /v1/gateways/{gatewayUuid}/key: a new key (extension)', () => {
  const suite = useCloud(async (cloud) => {
    await commission(cloud, 'VAN-K');
    return registerGateway(cloud, 'GW-K');
  });

  it('issues a new key; the old one stops working at once', async () => {
    const { cloud, data: gateway } = suite;
    expect((await ingest(cloud, gateway, [temp('VAN-K', T0 - 3_000, 1)])).status).toBe(200);
    const answer = await cloud.call('POST', `/v1/gateways/${gateway.uuid}/key`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json as GatewayKey;
    expect(body.channel).toMatchObject({ uuid: gateway.uuid, channelType: 'GATEWAY' });
    expect(body.key).not.toBe(gateway.key);

    expectError(await ingest(cloud, gateway, [temp('VAN-K', T0 - 2_000, 2)]), 401);
    const renewed = { ...gateway, key: body.key };
    expect((await ingest(cloud, renewed, [temp('VAN-K', T0 - 1_000, 3)])).json).toMatchObject({
      accepted: 1,
    });
  });

  it('answers 400 for a channel that is not an active gateway, changing nothing', async () => {
    const { cloud } = suite;
    const node = await commission(cloud, 'VAN-K2');
    const retired = await registerGateway(cloud, 'GW-K2');
    expectOk(await cloud.call('DELETE', `/v1/nodes/${retired.uuid}`));
    const before = await databaseState(cloud);
    expectError(await cloud.call('POST', `/v1/gateways/${node.uuid}/key`), 400);
    expectError(await cloud.call('POST', `/v1/gateways/${retired.uuid}/key`), 400);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('answers 404 for a gateway out of reach', async () => {
    const { cloud, data: gateway } = suite;
    expectError(await cloud.call('POST', `/v1/gateways/${gateway.uuid}/key`, { as: 'acme' }), 404);
  });
});
