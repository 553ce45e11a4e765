import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { PushDeliveryLogEntry, PushInbox, PushInboxSummary } from '../../contract/push.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { commission, ingest, registerGateway, temp, type TestGateway } from '../test/fixtures.ts';
import { pause } from '../test/receiver.ts';

const SECRET = `whsec_${Buffer.from('the inbox key, 32 bytes of it!!!').toString('base64')}`;

describe('push inbox switched off', () => {
  it('is neither served nor documented', async () => {
    const cloud = await createTestCloud();
    try {
      const answer = await cloud.call('POST', '/v1/push-inboxes', { body: { secret: SECRET } });
      expect(answer.status).toBe(404);
      const document = await cloud.call('GET', '/v1/openapi.json', { as: null });
      expect(Object.keys((document.json as { paths: object }).paths)).not.toContain(
        '/v1/push-inboxes',
      );
    } finally {
      await cloud.close();
    }
  });
});

describe('push inbox', () => {
  let cloud: TestCloud;
  let gateway: TestGateway;
  let node: ChannelRecord;
  let origin: string;
  let ts = T0 - 600_000;

  const createInbox = async (secret = SECRET) => {
    const answer = await cloud.call('POST', '/v1/push-inboxes', { body: { secret } });
    expect(answer.status).toBe(200);
    return answer.json as PushInboxSummary;
  };
  /** The cloud listens on a free port; its public URL in the tests is only a placeholder. */
  const reachable = (inbox: PushInboxSummary) => origin + new URL(inbox.address).pathname;
  const arrivals = async (inbox: PushInboxSummary, count: number) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await cloud.call('GET', `/v1/push-inboxes/${inbox.uuid}`);
      const found = (answer.json as PushInbox).arrivals;
      if (found.length >= count) return found;
      await pause(50);
    }
    throw new Error(`inbox ${inbox.uuid} did not get ${count} arrivals`);
  };
  /** The dispatcher logs a delivery after its answer arrives, so the log trails the inbox. */
  const loggedDelivery = async (webhookId: string | undefined) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const log = await cloud.call('GET', `/v1/channels/${node.uuid}/push/deliveries`);
      const entry = (log.json as PushDeliveryLogEntry[]).find((e) => e.id === webhookId);
      if (entry) return entry;
      await pause(50);
    }
    throw new Error(`delivery ${webhookId} was not logged`);
  };
  const pushTo = async (inbox: PushInboxSummary, secret: string) => {
    const answer = await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
      query: { to: reachable(inbox), secret, interval: '0' },
    });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    cloud = await createTestCloud({ pushInbox: true, pushAllowNetworks: ['loopback'] });
    await cloud.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(cloud.app.server.address() as AddressInfo).port}`;
    gateway = await registerGateway(cloud);
    node = await commission(cloud, 'INBOX-1', { name: 'Inbox van' });
  });
  afterAll(() => cloud.close());

  it('receives and verifies real deliveries, and lists them for its owner only', async () => {
    const inbox = await createInbox();
    expect(inbox.address).toBe(`http://127.0.0.1/v1/push-inboxes/${inbox.uuid}/deliveries`);
    await pushTo(inbox, SECRET);
    await ingest(cloud, gateway, [temp('INBOX-1', (ts += 1000), 6)]);

    const [arrival] = await arrivals(inbox, 1);
    const history = await cloud.call('GET', `/v1/channels/${node.uuid}/history`, {
      query: { count: '1' },
    });
    expect(arrival).toEqual({
      at: expect.any(Number),
      webhookId: expect.stringMatching(/^msg_/),
      verified: true,
      channelUuid: node.uuid,
      channelName: 'Inbox van',
      eventCount: 1,
      events: history.json,
    });
    expect(await loggedDelivery(arrival?.webhookId)).toMatchObject({ ok: true, status: 200 });

    const listed = await cloud.call('GET', '/v1/push-inboxes');
    expect(listed.json).toContainEqual(inbox);
    expect((await cloud.call('GET', '/v1/push-inboxes', { as: 'fleet' })).json).toEqual([]);
    const foreign = await cloud.call('GET', `/v1/push-inboxes/${inbox.uuid}`, { as: 'fleet' });
    expect(foreign.status).toBe(404);
  });

  it('records deliveries that do not verify and answers them 401', async () => {
    const inbox = await createInbox();
    await pushTo(inbox, 'not the inbox secret');
    await ingest(cloud, gateway, [temp('INBOX-1', (ts += 1000), 7)]);
    const [arrival] = await arrivals(inbox, 1);
    expect(arrival).toMatchObject({
      verified: false,
      problem: 'the signature does not match the inbox secret',
      webhookId: expect.stringMatching(/^msg_/),
    });
    expect(arrival).not.toHaveProperty('events');
    expect(await loggedDelivery(arrival?.webhookId)).toMatchObject({ ok: false, status: 401 });

    const unsigned = await cloud.call('POST', `/v1/push-inboxes/${inbox.uuid}/deliveries`, {
      as: null,
      body: { channelUuid: node.uuid, channelName: 'Inbox van', events: [] },
    });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json).toEqual({
      status: 'UNAUTHORIZED',
      message:
        'The delivery does not verify: webhook-id, webhook-timestamp or webhook-signature is missing.',
    });
    expect((await arrivals(inbox, 2))[0]).toMatchObject({ verified: false });
  });

  it('is created by people who may set push, up to ten each, and deleted with its arrivals', async () => {
    const refused = await cloud.call('POST', '/v1/push-inboxes', {
      as: 'support',
      body: { secret: SECRET },
    });
    expect(refused.status).toBe(403);

    const existing = (await cloud.call('GET', '/v1/push-inboxes')).json as PushInboxSummary[];
    for (let i = existing.length; i < 10; i++) await createInbox();
    const eleventh = await cloud.call('POST', '/v1/push-inboxes', { body: { secret: SECRET } });
    expect(eleventh.status).toBe(409);

    const [first] = existing;
    if (!first) throw new Error('no inbox from the tests before');
    const gone = await cloud.call('DELETE', `/v1/push-inboxes/${first.uuid}`);
    expect(gone.json).toEqual({ status: 'OK' });
    expect((await cloud.call('GET', `/v1/push-inboxes/${first.uuid}`)).status).toBe(404);
    const late = await cloud.call('POST', `/v1/push-inboxes/${first.uuid}/deliveries`, {
      as: null,
      body: { channelUuid: node.uuid, channelName: 'Inbox van', events: [] },
    });
    expect(late.status).toBe(404);
    expect(
      (await cloud.call('POST', '/v1/push-inboxes', { body: { secret: SECRET } })).status,
    ).toBe(200);
  });
});
