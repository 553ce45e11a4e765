import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { PushInbox, PushInboxSummary } from '../../contract/push.ts';
import { createTestCloud, T0, type CallOptions, type TestCloud } from '../test/harness.ts';
import { commission, createGroup, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { pause, startReceiver } from '../test/receiver.ts';

const KEY = Buffer.from('Sesame-key-material-0123456789AB').toString('base64');
const WHSEC = `whsec_${KEY}`;
const PLAIN = 'plain-Sesame-secret-for-a-node';
/** What must never show: the secrets, and the key inside the whsec_ secret. */
const NEEDLES = [WHSEC, KEY, PLAIN, 'Sesame'];

describe('push secrets', () => {
  let cloud: TestCloud;
  const answers: string[] = [];
  const call = async (method: InjectOptions['method'], url: string, options?: CallOptions) => {
    const answer = await cloud.call(method, url, options);
    answers.push(answer.text);
    return answer;
  };
  /** Requests whose answers are not contract-checked: malformed input on purpose. */
  const raw = async (method: InjectOptions['method'], url: string, payload?: object) => {
    const response = await cloud.app.inject({
      method,
      url,
      headers: { authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}` },
      ...(payload ? { payload } : {}),
    });
    answers.push(response.body, JSON.stringify(response.headers));
    return response;
  };

  beforeAll(async () => {
    cloud = await createTestCloud({ pushInbox: true, pushAllowNetworks: ['loopback'] });
    await cloud.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => cloud.close());

  it('never appear in an answer, a header or the log over a whole push scenario', async () => {
    const origin = `http://127.0.0.1:${(cloud.app.server.address() as AddressInfo).port}`;
    const gateway = await registerGateway(cloud);
    const group = await createGroup(cloud, 'Reefers west');
    const node = await commission(cloud, 'SECRET-1', { name: 'Van S', group: group.uuid });
    const down = await startReceiver();
    await down.close();

    const created = await call('POST', '/v1/push-inboxes', { body: { secret: WHSEC } });
    const inbox = created.json as PushInboxSummary;
    const address = origin + new URL(inbox.address).pathname;
    await call('PUT', `/v1/channels/${group.uuid}/push`, { query: { to: address, secret: WHSEC } });
    await call('PUT', `/v1/channels/${node.uuid}/push`, { query: { to: down.url, secret: PLAIN } });
    // Refused, forbidden and malformed attempts that carry a secret.
    await call('PUT', `/v1/channels/${node.uuid}/push`, {
      query: { to: 'http://10.1.1.1/', secret: PLAIN },
    });
    await call('PUT', `/v1/channels/${node.uuid}/push`, {
      query: { to: down.url, secret: PLAIN },
      as: 'fleet',
    });
    const enc = encodeURIComponent;
    await raw(
      'PUT',
      `/v1/channels/${node.uuid}/push?to=${enc(down.url)}&secret=${enc(PLAIN.repeat(10))}`,
    );
    await raw('PUT', `/v1/channels/${node.uuid}/push?to=ftp://x&secret=${enc(PLAIN)}`);
    await raw(
      'PUT',
      `/v1/channels/${node.uuid}/push?to=${enc(down.url)}&secret=whsec_${enc(PLAIN)}!`,
    );
    await raw('POST', `/v1/push-inboxes?secret=${enc(PLAIN)}`, { secret: WHSEC });
    await raw('POST', '/v1/push-inboxes', { secret: WHSEC, extra: PLAIN });
    await raw('POST', '/v1/push-inboxes', { secret: `${PLAIN}`.repeat(20) });

    await ingest(cloud, gateway, [temp('SECRET-1', T0 - 5000, 2), temp('SECRET-1', T0 - 4000, 3)]);
    let arrived = 0;
    for (let attempt = 0; attempt < 100 && arrived < 1; attempt++) {
      await pause(50);
      const answer = await call('GET', `/v1/push-inboxes/${inbox.uuid}`);
      arrived = (answer.json as PushInbox).arrivals.length;
    }
    expect(arrived).toBeGreaterThan(0);
    await pause(200);

    for (const channel of [group.uuid, node.uuid]) {
      await call('GET', `/v1/channels/${channel}`);
      await call('GET', `/v1/channels/${channel}/history`);
      await call('GET', `/v1/channels/${channel}/push/deliveries`);
    }
    await call('GET', '/v1/channels');
    await call('GET', `/v1/groups/${group.uuid}`);
    await call('GET', '/v1/push-inboxes');
    await call('GET', '/v1/openapi.json', { as: null });
    await call('DELETE', `/v1/channels/${node.uuid}/push`);

    // The scenario did what it says: a verified arrival, a failed delivery, refusals.
    const log = await call('GET', `/v1/channels/${node.uuid}/push/deliveries`);
    expect(log.text).toContain('connection refused');
    expect(answers.some((text) => text.includes('10.1.1.1 is a private address'))).toBe(true);
    expect(cloud.logs.join('')).toContain('push delivery failed');

    const everything = [...answers, ...cloud.logs];
    for (const needle of NEEDLES) {
      expect(everything.filter((text) => text.includes(needle))).toEqual([]);
    }
  });
});
