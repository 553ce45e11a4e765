import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/audit.ts';
import type { ChannelReach } from '../../contract/channel-reach.ts';
import type { PushHealth, PushTestResult } from '../../contract/push-health.ts';
import type { Timeslice } from '../../contract/timeslice.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { startReceiver, type TestReceiver } from '../test/receiver.ts';
import { buildWorld } from '../test/world.ts';
import { signDelivery, signingKey } from '../push/signing.ts';

const SECRET = 'a-secret-of-ours';

describe('sending a test event', () => {
  const suite = useCloud(buildWorld, { pushAllowNetworks: ['loopback'] });
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const test = (uuid: string, as: 'admin' | 'fleet' = 'admin') =>
    suite.cloud.call('POST', `/v1/channels/${uuid}/push/test`, { as });
  const trail = async (uuid: string) =>
    (
      (
        await suite.cloud.call('GET', '/v1/audit', {
          query: { channel: uuid, kind: 'push.tested' },
        })
      ).json as AuditPage
    ).entries;

  it('sends one signed delivery, answers the receiver’s answer, and records it in health and the trail', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.s.node.uuid;
    expectError(await test(uuid), 404, /has no push configured/);
    expectOk(
      await cloud.call('PUT', `/v1/channels/${uuid}/push`, {
        query: { to: receiver.url, secret: SECRET, interval: '0' },
      }),
    );

    const good = await test(uuid);
    expect(good.status, good.text).toBe(200);
    expect(good.json).toMatchObject({ ok: true, status: 204 } satisfies Partial<PushTestResult>);
    const [arrived] = await receiver.waitFor(1);
    // A real sample (issue 34): the node's readings, oldest first, as history names them.
    const sent = JSON.parse(arrived?.body ?? '') as { events: Timeslice[] };
    expect(sent).toMatchObject({ channelUuid: uuid, channelName: 'Van South', test: true });
    expect(sent).not.toHaveProperty('example');
    const history = (await cloud.call('GET', `/v1/channels/${uuid}/history`)).json as Timeslice[];
    expect(history).toHaveLength(data.readingsPerNode);
    expect(sent.events).toEqual([...history].reverse());
    const id = String(arrived?.headers['webhook-id']);
    const timestamp = Number(arrived?.headers['webhook-timestamp']);
    expect(arrived?.headers['webhook-signature']).toBe(
      signDelivery(signingKey(SECRET), id, timestamp, arrived?.body ?? '')['webhook-signature'],
    );

    receiver.behave((response) => response.writeHead(503).end('down for maintenance'));
    const bad = await test(uuid);
    expect(bad.status, bad.text).toBe(200);
    expect(bad.json).toMatchObject({ ok: false, status: 503 });
    expect(receiver.received).toHaveLength(2);
    const health = (await cloud.call('GET', `/v1/channels/${uuid}/push/health`)).json as PushHealth;
    expect(health).toMatchObject({ failing: true, failuresInRow: 1, last: { status: 503 } });

    const entries = await trail(uuid);
    expect(entries.map((e) => [e.actor, e.origin, e.kind, e.result])).toEqual([
      ['admin', 'script', 'push.tested', expect.stringMatching(/^failed: /)],
      ['admin', 'script', 'push.tested', 'OK'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    receiver.behave((response) => response.writeHead(204).end());
  });

  it('sends a clearly marked example for a channel without readings, never an empty batch', async () => {
    const { cloud } = suite;
    const empty = await cloud.call('POST', '/v1/groups/Empty%20yard');
    const group = (empty.json as { uuid: string }).uuid;
    expectOk(
      await cloud.call('PUT', `/v1/channels/${group}/push`, {
        query: { to: receiver.url, secret: SECRET, interval: '0' },
      }),
    );
    const before = receiver.received.length;
    expect((await test(group)).json).toMatchObject({ ok: true });
    const arrived = (await receiver.waitFor(before + 1))[before];
    const sent = JSON.parse(arrived?.body ?? '') as { events: Timeslice[]; example?: boolean };
    expect(sent.example).toBe(true);
    expect(sent.events).toHaveLength(1);
    expect(sent.events[0]).toMatchObject({
      channelUuid: group,
      type: 'TEMP',
      nodeName: 'Example node',
    });
  });

  it('needs the permission that setting push needs: refused, it sends nothing and records nothing', async () => {
    const { data } = suite;
    const uuid = data.nodes.s.node.uuid;
    const before = receiver.received.length;
    const recorded = (await trail(uuid)).length;
    expectError(await test(uuid, 'fleet'), 403, /sending a test event needs UPDATE on assets/);
    expectError(await test(data.nodes.w.node.uuid, 'fleet'), 404);
    expect(receiver.received).toHaveLength(before);
    expect(await trail(uuid)).toHaveLength(recorded);
  });
});

describe('who reaches a channel', () => {
  const suite = useCloud(buildWorld);
  const reach = (uuid: string, as: 'admin' | 'fleet' | 'support') =>
    suite.cloud.call('GET', `/v1/channels/${uuid}/reach`, { as });

  it('names the groups a sensor’s node is in and lists who reaches it for support', async () => {
    const { data } = suite;
    const answer = await reach(data.nodes.n.sensors.temp, 'support');
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json as ChannelReach;
    expect(body.groups).toEqual([
      {
        group: { uuid: data.groups.north.uuid, name: 'North' },
        member: { uuid: data.nodes.n.node.uuid, name: 'Van North' },
      },
    ]);
    expect(body.people.list?.map((p) => p.username).sort()).toEqual(['admin', 'fleet', 'support']);
    expect(body.people.count).toBe(3);
  });

  it('gives a person without READ on users the count only, and 404 out of reach', async () => {
    const { data } = suite;
    const answer = await reach(data.nodes.s.node.uuid, 'fleet');
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json as ChannelReach;
    expect(body.people).toEqual({ count: 2 });
    expect(body.groups.map((g) => g.group.name)).toEqual(['South']);
    expectError(await reach(data.nodes.s.node.uuid, 'support'), 404);
  });
});
