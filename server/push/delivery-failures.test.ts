import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { PushDeliveryLogEntry } from '../../contract/push.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { commission, ingest, registerGateway, temp, type TestGateway } from '../test/fixtures.ts';
import { pause, startReceiver, type TestReceiver } from '../test/receiver.ts';
import { CHANNEL_IN_FLIGHT } from './dispatcher.ts';

const SECRET = 'failing receivers secret';

describe('deliveries that fail', () => {
  let cloud: TestCloud;
  let gateway: TestGateway;
  const receivers: TestReceiver[] = [];
  let ts = T0 - 3_600_000;
  let serial = 0;

  /** A node of its own with push to `to`, so that each test reads a log of its own. */
  const nodeWithPush = async (to: string) => {
    const node = await commission(cloud, `FAIL-${++serial}`);
    const answer = await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
      query: { to, secret: SECRET, interval: '0' },
    });
    expect(answer.status).toBe(200);
    return node;
  };
  const send = (node: ChannelRecord) =>
    ingest(cloud, gateway, [temp(node.reference ?? '', (ts += 1000), 3)]);
  const receiver = async () => {
    const started = await startReceiver();
    receivers.push(started);
    return started;
  };
  const deliveryLog = async (
    node: ChannelRecord,
    count: number,
    as: 'admin' | 'fleet' | 'support' = 'admin',
  ) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await cloud.call('GET', `/v1/channels/${node.uuid}/push/deliveries`, { as });
      expect(answer.status).toBe(200);
      const entries = answer.json as PushDeliveryLogEntry[];
      if (entries.length >= count) return entries;
      await pause(50);
    }
    throw new Error(`the delivery log of ${node.name} did not reach ${count} entries`);
  };

  beforeAll(async () => {
    cloud = await createTestCloud({ pushAllowNetworks: ['loopback'], pushTimeoutMs: 1_000 });
    gateway = await registerGateway(cloud);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await cloud.close();
  });

  it('logs an error answer and does not try again', async () => {
    const hook = await receiver();
    hook.behave((response) => response.writeHead(500).end('broken'));
    const node = await nodeWithPush(hook.url);
    await send(node);
    const [entry] = await deliveryLog(node, 1);
    expect(entry).toMatchObject({
      ok: false,
      status: 500,
      error: 'the receiver answered 500',
      events: 1,
      dropped: 0,
      to: hook.url,
    });
    expect(entry?.id).toBe(hook.received[0]?.headers['webhook-id']);
    expect(Math.abs((entry?.at ?? 0) - Date.now())).toBeLessThan(10_000);
    await pause(300);
    expect(hook.received).toHaveLength(1);
    expect(cloud.logs.join('')).toContain('push delivery failed; not retried');
  });

  it('does not follow redirects', async () => {
    const [hook, elsewhere] = [await receiver(), await receiver()];
    hook.behave((response) => response.writeHead(307, { location: elsewhere.url }).end());
    const node = await nodeWithPush(hook.url);
    await send(node);
    const [entry] = await deliveryLog(node, 1);
    expect(entry).toMatchObject({
      ok: false,
      status: 307,
      error: 'the receiver answered 307; redirects are not followed',
    });
    await pause(200);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('logs a receiver that is down', async () => {
    const gone = await startReceiver();
    await gone.close();
    const node = await nodeWithPush(gone.url);
    await send(node);
    const [entry] = await deliveryLog(node, 1);
    expect(entry).toMatchObject({ ok: false, error: 'connection refused' });
    expect(entry?.status).toBeUndefined();
  });

  it('gives up on a receiver that does not answer in time, without slowing ingestion', async () => {
    const hook = await receiver();
    hook.behave(() => undefined);
    const node = await nodeWithPush(hook.url);
    const durations: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      expect((await send(node)).status).toBe(200);
      durations.push(performance.now() - started);
    }
    // Ingestion answered while deliveries of the channel hung: it never waits for them.
    expect(Math.max(...durations)).toBeLessThan(500);
    const entries = await deliveryLog(node, CHANNEL_IN_FLIGHT + 1);
    expect(entries.slice(-CHANNEL_IN_FLIGHT)).toEqual(
      Array.from({ length: CHANNEL_IN_FLIGHT }, () =>
        expect.objectContaining({ ok: false, events: 1, error: 'no answer within 1 s' }),
      ),
    );
    // What arrived while those hung waits for a slot, still one event per delivery.
    expect(entries.slice(0, -CHANNEL_IN_FLIGHT)).toEqual([expect.objectContaining({ events: 1 })]);
    expect(entries.at(-1)?.durationMs).toBeGreaterThanOrEqual(990);
  });

  it('reads only the start of an endless answer', async () => {
    const hook = await receiver();
    hook.behave((response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => response.write(Buffer.alloc(16_384, 'x')), 1);
      response.on('close', () => clearInterval(timer));
    });
    const node = await nodeWithPush(hook.url);
    await send(node);
    const [entry] = await deliveryLog(node, 1);
    expect(entry).toMatchObject({ ok: true, status: 200 });
    expect(entry?.error).toBeUndefined();
    expect(entry?.durationMs).toBeLessThan(900);
  });

  it('shows the log to whoever may read the channel, and to nobody else', async () => {
    const hook = await receiver();
    const node = await nodeWithPush(hook.url);
    await send(node);
    await deliveryLog(node, 1);
    const url = `/v1/channels/${node.uuid}/push/deliveries`;
    expect((await cloud.call('GET', url, { as: 'fleet' })).status).toBe(404);
    const channelId = (await cloud.store.channels.findByUuid(node.uuid))?.id ?? 0;
    for (const user of ['fleet', 'support', 'acme'] as const) {
      await cloud.store.channels.grantAccess(cloud.ids[user], channelId);
    }
    const entries = await deliveryLog(node, 1, 'fleet');
    expect(entries[0]).toMatchObject({ ok: true, status: 204, events: 1 });
    // Reading the log needs no history permission, only READ on the channel's object type.
    expect(await deliveryLog(node, 1, 'support')).toEqual(entries);
    // Reading is not changing: fleet may not set push.
    const change = await cloud.call('DELETE', `/v1/channels/${node.uuid}/push`, { as: 'fleet' });
    expect(change.status).toBe(403);
    const acme = await cloud.call('GET', url, { as: 'acme' });
    expect(acme.status).toBe(403);
    expect(acme.json).toMatchObject({ status: 'FORBIDDEN' });
    expect((await cloud.call('GET', url, { as: null })).status).toBe(401);
  });
});
