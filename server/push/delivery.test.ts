import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { PushDelivery } from '../../contract/push.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import {
  commission,
  createGroup,
  ingest,
  registerGateway,
  sensorsOf,
  temp,
  type TestGateway,
} from '../test/fixtures.ts';
import { pause, startReceiver, type TestReceiver } from '../test/receiver.ts';

const WHSEC = `whsec_${Buffer.from('a 32 byte key for the group hook').toString('base64')}`;
const PLAIN = 'correct horse battery staple';
const UNICODE = 'pässwörd-für-den-sensor-🔑';

describe('push delivery', () => {
  let cloud: TestCloud;
  let gateway: TestGateway;
  let group: ChannelRecord;
  let node: ChannelRecord;
  let sensor: string;
  let receivers: TestReceiver[] = [];
  let ts = T0 - 60_000;

  const receiver = async () => {
    const started = await startReceiver();
    receivers.push(started);
    return started;
  };
  const setPush = async (channel: string, to: string, secret: string, interval = 0) => {
    const answer = await cloud.call('PUT', `/v1/channels/${channel}/push`, {
      query: { to, secret, interval: String(interval) },
    });
    expect(answer.json).toEqual({ status: 'OK' });
  };
  const send = (count = 1) =>
    ingest(
      cloud,
      gateway,
      Array.from({ length: count }, () => temp('VAN-1', (ts += 1000), 4)),
    );
  const payload = (received: { body: string }) => JSON.parse(received.body) as PushDelivery;

  beforeAll(async () => {
    cloud = await createTestCloud({ pushAllowNetworks: ['loopback'] });
    gateway = await registerGateway(cloud);
    group = await createGroup(cloud, 'Reefers north');
    node = await commission(cloud, 'VAN-1', { name: 'Van 1', group: group.uuid });
    await send();
    sensor = (await sensorsOf(cloud, 'Van 1')).temp ?? '';
  });
  beforeEach(async () => {
    for (const channel of [group.uuid, node.uuid, sensor]) {
      await cloud.call('DELETE', `/v1/channels/${channel}/push`);
    }
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await cloud.close();
  });

  it('POSTs each event of a group, node and sensor channel, verifiable by the official library', async () => {
    const [forGroup, forNode, forSensor] = [await receiver(), await receiver(), await receiver()];
    await setPush(group.uuid, forGroup.url, WHSEC);
    await setPush(node.uuid, forNode.url, PLAIN);
    await setPush(sensor, forSensor.url, UNICODE);
    const before = Math.floor(Date.now() / 1000);
    expect((await send()).json).toMatchObject({ accepted: 1 });

    const [toGroup] = await forGroup.waitFor(1);
    const [toNode] = await forNode.waitFor(1);
    const [toSensor] = await forSensor.waitFor(1);
    if (!toGroup || !toNode || !toSensor) throw new Error('a delivery is missing');

    const verifiers: [typeof toGroup, Webhook, string][] = [
      [toGroup, new Webhook(WHSEC), group.uuid],
      [toNode, new Webhook(PLAIN, { format: 'raw' }), node.uuid],
      [toSensor, new Webhook(Buffer.from(UNICODE, 'utf8'), { format: 'raw' }), sensor],
    ];
    for (const [delivery, webhook, channelUuid] of verifiers) {
      const headers = delivery.headers as Record<string, string>;
      expect(headers['content-type']).toBe('application/json');
      expect(headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Number(headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      const verified = webhook.verify(delivery.body, headers) as PushDelivery;
      expect(verified.channelUuid).toBe(channelUuid);

      // Every event is exactly what history answers for the pushing channel.
      const history = await cloud.call('GET', `/v1/channels/${channelUuid}/history`, {
        query: { count: '1' },
      });
      expect(verified).toEqual({
        channelUuid,
        channelName: (history.json as { channelName: string }[])[0]?.channelName,
        events: history.json,
      });
    }
    expect(payload(toNode).channelName).toBe('Van 1');
    expect(payload(toSensor).channelName).toBe('Van 1/temp');
    // A signature made with another secret does not verify.
    expect(() =>
      new Webhook(PLAIN, { format: 'raw' }).verify(
        toGroup.body,
        toGroup.headers as Record<string, string>,
      ),
    ).toThrow('No matching signature');
  });

  it('delivers each event on its own at interval 0', async () => {
    const hook = await receiver();
    await setPush(group.uuid, hook.url, PLAIN);
    for (let i = 0; i < 3; i++) await send();
    const received = await hook.waitFor(3);
    // Up to four deliveries of a channel are in flight at once, so they may arrive in any order.
    const batches = received.map((r) => payload(r).events.map((e) => e.ts));
    expect(batches.sort()).toEqual([[ts - 2000], [ts - 1000], [ts]]);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(3);
  });

  it('gathers events and delivers at most one batch every interval', async () => {
    const hook = await receiver();
    await setPush(node.uuid, hook.url, PLAIN, 1);
    const started = Date.now();
    for (let i = 0; i < 3; i++) await send();
    await pause(500);
    expect(hook.received).toHaveLength(0);
    const [first] = await hook.waitFor(1, 3_000);
    expect(first && payload(first).events.map((e) => e.ts)).toEqual([ts - 2000, ts - 1000, ts]);
    expect((first?.at ?? 0) - started).toBeGreaterThanOrEqual(950);

    await send();
    await send();
    const [, second] = await hook.waitFor(2, 3_000);
    expect(second && payload(second).events).toHaveLength(2);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('applies a changed or removed configuration to the next delivery', async () => {
    const [before, after] = [await receiver(), await receiver()];
    await setPush(node.uuid, before.url, PLAIN);
    await send();
    await before.waitFor(1);

    const other = 'another secret, for the new receiver';
    await setPush(node.uuid, after.url, other);
    await send();
    const [moved] = await after.waitFor(1);
    if (!moved) throw new Error('no delivery after the change');
    expect(() =>
      new Webhook(other, { format: 'raw' }).verify(
        moved.body,
        moved.headers as Record<string, string>,
      ),
    ).not.toThrow();

    // A batch waiting for a long interval goes out at once when the interval becomes 0.
    await setPush(node.uuid, after.url, other, 3600);
    await send();
    await pause(200);
    expect(after.received).toHaveLength(1);
    await setPush(node.uuid, after.url, other, 0);
    const [, released] = await after.waitFor(2);
    expect(released && payload(released).events.map((e) => e.ts)).toEqual([ts]);

    // Removing the configuration drops what was waiting and stops pushing.
    await setPush(node.uuid, after.url, other, 3600);
    await send();
    await cloud.call('DELETE', `/v1/channels/${node.uuid}/push`);
    await send();
    await pause(300);
    expect(before.received).toHaveLength(1);
    expect(after.received).toHaveLength(2);
    await setPush(node.uuid, after.url, other, 0);
    await send();
    const [, , fresh] = await after.waitFor(3);
    expect(fresh && payload(fresh).events.map((e) => e.ts)).toEqual([ts]);
  });
});
