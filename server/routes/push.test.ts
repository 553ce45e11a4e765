import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { commission } from '../test/fixtures.ts';

describe('setting push', () => {
  let cloud: TestCloud;
  let node: ChannelRecord;
  const put = (to: string, channel = node.uuid, as: 'admin' | 'fleet' = 'admin') =>
    cloud.call('PUT', `/v1/channels/${channel}/push`, {
      query: { to, secret: 'a good secret', interval: '5' },
      as,
    });

  beforeAll(async () => {
    cloud = await createTestCloud();
    node = await commission(cloud, 'PUSH-1', { name: 'Pusher' });
  });
  afterAll(() => cloud.close());

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address'],
    ['http://localhost/hook', 'localhost is a loopback address'],
    ['http://localhost./hook', 'localhost is a loopback address'],
    ['https://app.localhost/hook', 'app.localhost is a loopback address'],
    ['http://[::1]:9000/', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address'],
    ['http://10.0.0.8/', '10.0.0.8 is a private address'],
    ['http://192.168.1.20/', '192.168.1.20 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://0.0.0.0:80/', '0.0.0.0 is an unspecified address'],
    ['http://[ff02::1]/', 'ff02::1 is a multicast address'],
  ])('answers 400 for %s, which can never be delivered', async (to, reason) => {
    const answer = await put(to);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      status: 'BAD_REQUEST',
      message: `query parameter 'to': ${reason}; push delivers only to public addresses.`,
    });
    const info = await cloud.call('GET', `/v1/channels/${node.uuid}`);
    expect(info.json).not.toHaveProperty('pushURL');
  });

  it('checks the address before looking for the channel', async () => {
    const answer = await put('http://127.0.0.1/', '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b');
    expect(answer.status).toBe(400);
  });

  it('stores a public address and shows it without the secret', async () => {
    expect((await put('https://hooks.example.com/telemetry?team=7')).status).toBe(200);
    const info = await cloud.call('GET', `/v1/channels/${node.uuid}`);
    expect(info.json).toMatchObject({
      pushURL: 'https://hooks.example.com/telemetry?team=7',
      pushInterval: 5,
    });
    expect(info.text).not.toContain('a good secret');
    expect((await put('https://hooks.example.com/', node.uuid, 'fleet')).status).toBe(404);
  });
});
