import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPage } from '../../contract/alarms.ts';
import type { NotificationDeliveries, NotificationSettings } from '../../contract/notifications.ts';
import { createTestCloud, T0, type DemoUser, type TestCloud } from '../test/harness.ts';
import { ingest, temp } from '../test/fixtures.ts';
import { eventually, startMailServer, type MailServer } from '../test/mail-server.ts';
import { buildWorld, type World } from '../test/world.ts';

const MIN = 60_000;

const settings = (extra: Partial<NotificationSettings>): NotificationSettings => ({
  means: ['email'],
  groups: [],
  nodes: [],
  kinds: [],
  severities: [],
  language: 'en',
  ...extra,
});

/** A header as the mail carried it (mailparser makes an object of the List-* headers). */
const raw = (mail: ParsedMail | undefined, name: string) => {
  const line = mail?.headerLines.find((h) => h.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, '')
    .trim();
};

const header = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Alarm mail through a real SMTP server (smtp-server, started here): one mail per raised alarm
 * to each person who asked and reaches it, its acknowledgement in the same thread, in the
 * person's language, with a one-click unsubscribe that works (RFC 8058); reach read again.
 */
describe('alarm mail through a real SMTP server', () => {
  let mail: MailServer;
  let cloud: TestCloud;
  let world: World;
  let minute = 0;

  beforeAll(async () => {
    mail = await startMailServer();
    cloud = await createTestCloud({
      alarmHoldOffMinutes: 0,
      smtpUrl: mail.url,
      notificationRetryMs: 50,
      publicUrl: 'http://console.test',
    });
    world = await buildWorld(cloud);
    const limits = JSON.stringify({ temperature: { min: 0, max: 8, delayMinutes: 0 } });
    for (const group of [world.groups.north, world.groups.south]) {
      const set = await cloud.call('PUT', `/v1/channels/${group.uuid}/properties`, {
        query: { properties: limits },
      });
      expect(set.status, set.text).toBe(200);
    }
    const save = async (as: DemoUser, body: NotificationSettings) => {
      const answer = await cloud.call('PUT', '/v1/userinfo/notifications', { as, body });
      expect(answer.status, answer.text).toBe(200);
    };
    await save('fleet', settings({ email: 'finn@example.com', language: 'nl' }));
    await save('support', settings({ email: 'sam@example.com' }));
  });
  afterAll(async () => {
    await cloud.close();
    await mail.close();
  });

  /** Readings of one node, a minute apart from the last ones. */
  const readings = async (node: string, celsius: number[]) => {
    for (const value of celsius) {
      minute += 1;
      cloud.clock.now = T0 + minute * MIN;
      const answer = await ingest(cloud, world.gateway, [temp(node, cloud.clock.now, value)]);
      expect(answer.json).toMatchObject({ rejected: [] });
    }
  };
  const activeAlarm = async (nodeName: string) => {
    const page = (await cloud.call('GET', '/v1/alarms', { query: { state: 'active' } }))
      .json as AlarmPage;
    const found = page.alarms.find((alarm) => alarm.nodeName === nodeName);
    if (!found) throw new Error(`no active alarm on ${nodeName}`);
    return found;
  };
  const to = (address: string) =>
    mail.mails.filter((m) => header(m.to && 'text' in m.to ? m.to.text : '') === address);

  it('sends one mail per person, in their language, with the reading, limit, place and link', async () => {
    await readings('VAN-N', [12]);
    await mail.waitFor(2);
    const [finn] = to('finn@example.com');
    const [sam] = to('sam@example.com');
    expect(finn?.subject).toMatch(/^\[Kritiek|^\[Ernstig|^\[Waarschuwing/);
    expect(finn?.subject).toContain('Temperatuuralarm');
    expect(sam?.subject).toContain('Temperature alarm');
    expect(sam?.text).toContain('12 °C');
    expect(sam?.text).toContain('≤ 8 °C');
    expect(sam?.text).toContain('Van North');
    const alarm = await activeAlarm('Van North');
    expect(sam?.text).toContain(`http://console.test/alarms?alarm=${alarm.id}`);
    expect(raw(sam, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.mails).toHaveLength(2);
  });

  it('sends the acknowledgement in the same thread', async () => {
    const alarm = await activeAlarm('Van North');
    const ack = await cloud.call('POST', `/v1/alarms/${alarm.id}/acknowledge`, {
      body: { comment: 'on it' },
    });
    expect(ack.status, ack.text).toBe(200);
    await mail.waitFor(4);
    const [first, update] = to('sam@example.com');
    expect(update?.inReplyTo).toBe(first?.messageId);
    expect(header(update?.references)).toContain(first?.messageId ?? 'none');
    expect(update?.subject).toMatch(/^Re: .*acknowledged/);
    expect(update?.text).toContain('on it');
  });

  it('a person who loses the node stops getting its alarms at once', async () => {
    // Van North leaves North: neither support (North only) nor fleet (North, South) reads it now.
    const out = await cloud.call(
      'DELETE',
      `/v1/groups/${world.groups.north.uuid}/${world.nodes.n.node.uuid}`,
    );
    expect(out.status, out.text).toBe(200);
    const before = mail.mails.length;
    // Its alarm clears (queued for both, in their thread) and South raises one (fleet's).
    await readings('VAN-N', [5]);
    await readings('VAN-S', [13]);
    await mail.waitFor(before + 1);
    const log = await eventually(async () => {
      const answer = (
        await cloud.call('GET', '/v1/userinfo/notifications/deliveries', { as: 'support' })
      ).json as NotificationDeliveries;
      return answer.deliveries.find((d) => /no longer read/.test(d.error ?? ''));
    }, "support's cleared mail refused for reach");
    expect(log).toMatchObject({ ok: false, final: true });
    await eventually(
      async () => ((await cloud.store.notifications.waiting()) === 0 ? true : undefined),
      'the outbox empty',
    );
    expect(mail.mails).toHaveLength(before + 1);
    expect(to('finn@example.com').at(-1)?.text).toContain('Van South');
    expect(to('sam@example.com')).toHaveLength(2);
  });

  it('one-click unsubscribe (RFC 8058) turns e-mail off for that person', async () => {
    const [finn] = to('finn@example.com');
    const link = raw(finn, 'list-unsubscribe').replace(/^<|>$/g, '');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('http://console.test/v1/notifications/unsubscribe');
    const answer = await cloud.call('POST', url.pathname, {
      as: null,
      query: Object.fromEntries(url.searchParams),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status, answer.text).toBe(200);
    const now = await cloud.call('GET', '/v1/userinfo/notifications', { as: 'fleet' });
    expect((now.json as NotificationSettings).means).toEqual([]);
    const forged = await cloud.call('POST', url.pathname, {
      as: null,
      query: { token: 'sealed:v1:forged' },
    });
    expect(forged.status).toBe(400);
  });

  it('SMTP down, then up: every notification arrives once, every attempt in the log', async () => {
    mail.down();
    const before = mail.mails.length;
    const test = await cloud.call('POST', '/v1/userinfo/notifications/test', { as: 'support' });
    expect(test.json).toEqual({ queued: ['email'] });
    const failed = await eventually(async () => {
      const log = (
        await cloud.call('GET', '/v1/userinfo/notifications/deliveries', {
          as: 'support',
        })
      ).json as NotificationDeliveries;
      return log.deliveries.find((d) => !d.ok && !d.final) ? log : undefined;
    }, 'a failed attempt in the log');
    expect(failed.deliveries[0]).toMatchObject({ ok: false, final: false, to: 'sam@example.com' });
    mail.up();
    await mail.waitFor(before + 1);
    const log = await eventually(async () => {
      const answer = (
        await cloud.call('GET', '/v1/userinfo/notifications/deliveries', {
          as: 'support',
        })
      ).json as NotificationDeliveries;
      return answer.deliveries[0]?.ok ? answer : undefined;
    }, 'the delivery logged');
    expect(log.deliveries[0]?.attempt).toBeGreaterThan(1);
    // Nothing more comes: the outbox is empty and every Message-ID arrived once.
    await eventually(
      async () => ((await cloud.store.notifications.waiting()) === 0 ? true : undefined),
      'the outbox empty',
    );
    const ids = mail.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mail.mails).toHaveLength(before + 1);
  });
});
