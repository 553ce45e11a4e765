import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../contract/notifications.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { ingest, temp } from '../test/fixtures.ts';
import { eventually, startMailServer, type MailServer } from '../test/mail-server.ts';
import { buildWorld, type World } from '../test/world.ts';

/** Many alarms for one person at once become one mail, not a flood. */
describe('a digest instead of a flood', () => {
  let mail: MailServer;
  let cloud: TestCloud;
  let world: World;

  beforeAll(async () => {
    mail = await startMailServer();
    cloud = await createTestCloud({ alarmHoldOffMinutes: 0, smtpUrl: mail.url });
    world = await buildWorld(cloud);
    const limits = JSON.stringify({ temperature: { min: 0, max: 8, delayMinutes: 0 } });
    const { north, south, west } = world.groups;
    for (const uuid of [north.uuid, south.uuid, west.uuid, world.nodes.x.node.uuid]) {
      const set = await cloud.call('PUT', `/v1/channels/${uuid}/properties`, {
        query: { properties: limits },
      });
      expect(set.status, set.text).toBe(200);
    }
    const body: NotificationSettings = {
      means: ['email'],
      groups: [],
      nodes: [],
      kinds: [],
      severities: [],
      language: 'en',
    };
    const saved = await cloud.call('PUT', '/v1/userinfo/notifications', { as: 'admin', body });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(async () => {
    await cloud.close();
    await mail.close();
  });

  it('four alarms raised together reach the person as one digest that names each', async () => {
    cloud.clock.now = T0 + 60_000;
    const at = cloud.clock.now;
    const answer = await ingest(
      cloud,
      world.gateway,
      ['VAN-N', 'VAN-S', 'VAN-W', 'VAN-X'].map((node) => temp(node, at, 14)),
    );
    expect(answer.json).toMatchObject({ rejected: [] });
    await mail.waitFor(1);
    await eventually(
      async () => ((await cloud.store.notifications.waiting()) === 0 ? true : undefined),
      'the outbox empty',
    );
    expect(mail.mails).toHaveLength(1);
    const [digest] = mail.mails;
    expect(digest?.subject).toBe('[4 alarms] Telemetry Console');
    for (const name of ['Van North', 'Van South', 'Van West', 'Van Loner']) {
      expect(digest?.text).toContain(name);
    }
  });
});
