import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../contract/notifications.ts';
import { testConfig } from '../config.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { eventually, startMailServer, type MailServer } from '../test/mail-server.ts';
import { Notifications } from './notifications.ts';

/**
 * A holder of the notifications lease that stops with notifications waiting, one of them claimed
 * (as a holder killed while sending leaves it): the next holder sends each exactly once, the
 * claimed one with the Message-ID it had (docs/decisions/0186-notifications.md).
 */
describe('notifications across a change of lease holder', () => {
  let mail: MailServer;
  let cloud: TestCloud;

  beforeAll(async () => {
    mail = await startMailServer();
    cloud = await createTestCloud({ smtpUrl: mail.url });
    const body: NotificationSettings = {
      means: ['email'],
      groups: [],
      nodes: [],
      kinds: [],
      severities: [],
      language: 'en',
    };
    for (const as of ['fleet', 'support'] as const) {
      const saved = await cloud.call('PUT', '/v1/userinfo/notifications', { as, body });
      expect(saved.status, saved.text).toBe(200);
    }
  });
  afterAll(async () => {
    await cloud.close();
    await mail.close();
  });

  it('sends what was waiting and what was being sent, once each', async () => {
    const { store, services } = cloud;
    // The first holder goes (its lease released as a dead one's would expire).
    await services.notifications.leadership.stop();
    await services.notifications.queueTest(cloud.ids.fleet);
    await services.notifications.queueTest(cloud.ids.support);
    // It had claimed one and died before the mail server answered.
    const claimed = await store.notifications.claimDue(Date.now(), 1);
    expect(claimed).toHaveLength(1);
    expect(mail.mails).toHaveLength(0);

    const next = new Notifications({
      store,
      config: testConfig({ smtpUrl: mail.url }),
      sealer: services.sealer,
      policy: services.pushPolicy,
      logger: { info: () => undefined, warn: () => undefined },
    });
    await next.leadership.start();
    try {
      await mail.waitFor(2);
      await eventually(
        async () => ((await store.notifications.waiting()) === 0 ? true : undefined),
        'the outbox empty',
      );
      expect(mail.mails).toHaveLength(2);
      const to = mail.mails.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort();
      expect(to).toEqual(['fleet@example.com', 'support@example.com']);
      const first = claimed[0];
      const resent = mail.mails.find((m) => m.messageId?.includes(`test-${first?.id}.`));
      expect(resent, 'the claimed one, with its own Message-ID').toBeDefined();
    } finally {
      await next.leadership.stop();
    }
  });
});
