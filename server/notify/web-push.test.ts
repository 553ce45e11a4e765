import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDeliveries, NotificationSettings } from '../../contract/notifications.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { eventually } from '../test/mail-server.ts';
import { browserKeys, startPushService } from '../test/push-service.ts';

/**
 * Browser push at the protocol level: the cloud's message reaches a local RFC 8030 push service,
 * signed with the cloud's VAPID key, and the browser's keys decrypt it (RFC 8291); a subscription
 * the push service answers 410 for is removed and the log says so.
 */
describe('browser push (Web Push)', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  let cloud: TestCloud;
  const browser = browserKeys();

  beforeAll(async () => {
    service = await startPushService();
    cloud = await createTestCloud({ pushAllowNetworks: ['loopback'] });
    const body: NotificationSettings = {
      means: ['webpush'],
      groups: [],
      nodes: [],
      kinds: [],
      severities: [],
      language: 'en',
    };
    const saved = await cloud.call('PUT', '/v1/userinfo/notifications', { as: 'fleet', body });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(async () => {
    await cloud.close();
    await service.close();
  });

  const log = async () =>
    (
      (await cloud.call('GET', '/v1/userinfo/notifications/deliveries', { as: 'fleet' }))
        .json as NotificationDeliveries
    ).deliveries;

  it('sends a test the browser decrypts, signed with the key it subscribed with', async () => {
    const key = await cloud.call('GET', '/v1/userinfo/notifications/webpush', { as: 'fleet' });
    expect(key.status, key.text).toBe(200);
    const { publicKey } = key.json as { publicKey: string };
    const subscribed = await cloud.call('POST', '/v1/userinfo/notifications/webpush', {
      as: 'fleet',
      body: {
        endpoint: `${service.url}/sub/1`,
        keys: { p256dh: browser.p256dh, auth: browser.auth },
      },
    });
    expect(subscribed.status, subscribed.text).toBe(200);
    const test = await cloud.call('POST', '/v1/userinfo/notifications/test', { as: 'fleet' });
    expect(test.json).toEqual({ queued: ['webpush'] });
    const arrival = await eventually(async () => service.arrivals[0], 'a push message');
    expect(arrival.headers['content-encoding']).toBe('aes128gcm');
    expect(String(arrival.headers.authorization)).toContain(`k=${publicKey}`);
    const payload = JSON.parse(browser.decrypt(arrival.body)) as { title: string; url: string };
    expect(payload.title).toBe('Test notification from the Telemetry Console');
    expect(payload.url).toBe('http://127.0.0.1/notifications');
    const entry = await eventually(
      async () => (await log()).find((d) => d.means === 'webpush'),
      'logged',
    );
    expect(entry).toMatchObject({ ok: true, to: service.url });
  });

  it('a subscription the push service answers 410 for is removed and shown', async () => {
    service.answer(410);
    await cloud.call('POST', '/v1/userinfo/notifications/test', { as: 'fleet' });
    const gone = await eventually(
      async () => (await log()).find((d) => /removed/.test(d.error ?? '')),
      'the removal logged',
    );
    expect(gone).toMatchObject({ ok: false, final: true, means: 'webpush' });
    expect(gone.error).toContain('410');
    expect(await cloud.store.notifications.subscriptionsOf(cloud.ids.fleet)).toEqual([]);
  });

  it('refuses a push service address that is not one', async () => {
    const answer = await cloud.call('POST', '/v1/userinfo/notifications/webpush', {
      as: 'fleet',
      body: { endpoint: 'not a url', keys: { p256dh: browser.p256dh, auth: browser.auth } },
    });
    expect(answer.status).toBe(400);
  });
});
