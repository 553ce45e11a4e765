import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { PushDelivery } from '../../contract/push.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { channelOf, commission, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { startReceiver, type TestReceiver } from '../test/receiver.ts';
import { sealStoredInboxSecrets, sealStoredPushSecrets } from './push-secrets.ts';

const PLAIN = 'plain-secret-of-an-older-version';
const INBOX_SECRET = 'inbox-secret-never-in-the-clear';
const quiet = { info: () => undefined, warn: () => undefined };

describe('push and inbox secrets at rest', () => {
  let cloud: TestCloud;
  let receiver: TestReceiver;
  beforeAll(async () => {
    cloud = await createTestCloud({ pushAllowNetworks: ['loopback'], pushInbox: true });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await cloud.close();
  });

  const storedSecrets = async () =>
    (
      await cloud.sql.all(
        'SELECT push_secret AS secret FROM channels WHERE push_secret IS NOT NULL',
      )
    ).map((row) => String(row.secret));

  it('existing plain secrets are sealed at start and still verify deliveries', async () => {
    const gateway = await registerGateway(cloud);
    const node = await commission(cloud, 'VAN-SEAL', { name: 'Van Seal' });
    const { id } = await channelOf(cloud, node.uuid);
    // As an older version wrote it: in the clear.
    await cloud.store.channels.setPush(id, { url: receiver.url, interval: 0, secret: PLAIN });
    expect(await storedSecrets()).toEqual([PLAIN]);

    expect(await sealStoredPushSecrets(cloud.store, cloud.services.sealer, quiet)).toBe(1);
    const [sealed = ''] = await storedSecrets();
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain(PLAIN);
    // Sealed once: a second start finds nothing to do.
    expect(await sealStoredPushSecrets(cloud.store, cloud.services.sealer, quiet)).toBe(0);

    await cloud.services.pushChanged(id);
    expect((await ingest(cloud, gateway, [temp('VAN-SEAL', T0 - 1_000, 5)])).json).toMatchObject({
      accepted: 1,
    });
    const [delivery] = await receiver.waitFor(1);
    if (!delivery) throw new Error('no delivery');
    const verified = new Webhook(PLAIN, { format: 'raw' }).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    ) as PushDelivery;
    expect(verified.channelUuid).toBe(node.uuid);
  });

  it('secrets set through the API are stored sealed, push and inbox alike', async () => {
    const node = await commission(cloud, 'VAN-SEAL-2');
    const set = await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
      query: { to: receiver.url, secret: 'set-through-the-api' },
    });
    expect(set.json).toEqual({ status: 'OK' });
    const inbox = await cloud.call('POST', '/v1/push-inboxes', { body: { secret: INBOX_SECRET } });
    expect(inbox.status).toBe(200);
    const dump = JSON.stringify([
      await cloud.sql.all('SELECT push_secret FROM channels'),
      await cloud.sql.all('SELECT secret FROM push_inboxes'),
    ]);
    expect(dump).not.toContain('set-through-the-api');
    expect(dump).not.toContain(INBOX_SECRET);
    expect(dump).toContain('sealed:v1:');
  });

  it('inbox secrets an older version stored in the clear are sealed at start, once, and still verify', async () => {
    const plain = 'inbox-secret-of-an-older-version';
    const owner = cloud.ids.admin;
    // As an older version wrote it: in the clear.
    const inbox = await cloud.store.pushInboxes.create(owner, plain, T0);
    const stored = async () =>
      String(
        (await cloud.sql.all(`SELECT secret FROM push_inboxes WHERE id = ${inbox.id}`))[0]?.secret,
      );
    expect(await stored()).toBe(plain);

    expect(await sealStoredInboxSecrets(cloud.store, cloud.services.sealer, quiet)).toBe(1);
    const sealed = await stored();
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain(plain);
    expect(await sealStoredInboxSecrets(cloud.store, cloud.services.sealer, quiet)).toBe(0);
    expect(await stored()).toBe(sealed);

    // A delivery signed with the secret the inbox was given still verifies.
    const body = JSON.stringify({ channelUuid: inbox.uuid, channelName: 'Van', events: [] });
    const headers = {
      'webhook-id': 'msg_sealed',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
    };
    const signature = new Webhook(plain, { format: 'raw' }).sign(
      headers['webhook-id'],
      new Date(Number(headers['webhook-timestamp']) * 1000),
      body,
    );
    const answer = await cloud.call('POST', `/v1/push-inboxes/${inbox.uuid}/deliveries`, {
      as: null,
      headers: { ...headers, 'webhook-signature': signature, 'content-type': 'application/json' },
      payload: body,
    });
    expect(answer.json).toEqual({ status: 'OK' });
  });
});
