import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../contract/notifications.ts';
import { useCloud } from '../test/lifecycle.ts';
import { buildWorld } from '../test/world.ts';

const settings = (extra: Partial<NotificationSettings> = {}): NotificationSettings => ({
  means: ['email'],
  groups: [],
  nodes: [],
  kinds: [],
  severities: [],
  language: 'nl',
  ...extra,
});

describe('a person’s notification settings', () => {
  const suite = useCloud(buildWorld);

  it('start as nothing sent, and are the person’s own to set and read back', async () => {
    const { cloud, data } = suite;
    const before = await cloud.call('GET', '/v1/userinfo/notifications', { as: 'fleet' });
    expect(before.status, before.text).toBe(200);
    expect(before.json).toMatchObject({ means: [], language: 'en' });
    const chosen = settings({
      email: 'finn@example.com',
      groups: [data.groups.north.uuid],
      severities: ['critical'],
      quietHours: {
        from: '22:00',
        to: '07:00',
        timeZone: 'Europe/Amsterdam',
        criticalPasses: true,
      },
    });
    const put = await cloud.call('PUT', '/v1/userinfo/notifications', {
      as: 'fleet',
      body: chosen,
    });
    expect(put.status, put.text).toBe(200);
    const after = await cloud.call('GET', '/v1/userinfo/notifications', { as: 'fleet' });
    expect(after.json).toEqual(chosen);
    // Another person's are their own.
    const theirs = await cloud.call('GET', '/v1/userinfo/notifications', { as: 'support' });
    expect(theirs.json).toMatchObject({ means: [] });
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    const { cloud, data } = suite;
    const kept = (await cloud.call('GET', '/v1/userinfo/notifications', { as: 'fleet' })).json;
    const refused = async (body: unknown, reason: RegExp) => {
      const answer = await cloud.call('PUT', '/v1/userinfo/notifications', { as: 'fleet', body });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toMatch(reason);
      const now = await cloud.call('GET', '/v1/userinfo/notifications', { as: 'fleet' });
      expect(now.json).toEqual(kept);
    };
    await refused(settings({ email: 'not an address' }), /not an e-mail address/);
    // West is a group fleet cannot read; a node uuid is not a group.
    await refused(settings({ groups: [data.groups.west.uuid] }), /not a group you can read/);
    await refused(settings({ groups: [data.nodes.n.node.uuid] }), /not a group you can read/);
    await refused(settings({ nodes: [data.nodes.w.node.uuid] }), /not a node you can read/);
    await refused({ ...settings(), language: 'fr' }, /language/);
    await refused(
      settings({
        quietHours: {
          from: '25:00',
          to: '07:00',
          timeZone: 'Europe/Amsterdam',
          criticalPasses: false,
        },
      }),
      /HH:MM/,
    );
  });

  it('support reads a person’s settings and delivery log; others are told there is no one', async () => {
    const { cloud } = suite;
    const fleetSub = (
      (await cloud.call('GET', '/v1/userinfo', { as: 'fleet' })).json as { sub: string }
    ).sub;
    const read = await cloud.call('GET', `/v1/users/${fleetSub}/notifications`, { as: 'support' });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ settings: { means: ['email'] }, deliveries: [] });
    const byFleet = await cloud.call('GET', `/v1/users/${fleetSub}/notifications`, { as: 'fleet' });
    expect(byFleet.status).toBe(404);
  });

  it('a test without a means sends nothing', async () => {
    const { cloud } = suite;
    const answer = await cloud.call('POST', '/v1/userinfo/notifications/test', { as: 'support' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ queued: [] });
  });
});
