import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../http/limits.ts';
import { trustProxyFromEnv } from './client-address.ts';
import { PER_ADDRESS, PER_NAME_AND_ADDRESS } from './password-sign-in.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { bearer, tokenFor } from '../test/tokens.ts';

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** GET /v1/userinfo over a real socket bound to `localAddress`: the status. */
function userinfoFrom(cloud: ListeningCloud, localAddress: string, authorization: string) {
  return new Promise<number>((resolve, reject) => {
    const url = new URL('/v1/userinfo', cloud.url);
    const outgoing = request(url, { localAddress, headers: { authorization } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('throttle the attacker, not the victim (real sockets)', () => {
  let cloud: ListeningCloud;
  beforeAll(async () => {
    cloud = await listenTestCloud();
  });
  afterAll(() => cloud.close());

  it('ten wrong passwords for support from 127.0.0.2 leave support at 127.0.0.3 signed in', async () => {
    for (let i = 0; i < PER_NAME_AND_ADDRESS; i++) {
      expect(await userinfoFrom(cloud, '127.0.0.2', basic('support', `guess-${i}`))).toBe(401);
    }
    expect(await userinfoFrom(cloud, '127.0.0.2', basic('support', 'demo-support'))).toBe(429);
    expect(await userinfoFrom(cloud, '127.0.0.3', basic('support', 'demo-support'))).toBe(200);
  });
});

describe('throttle the attacker, not the victim (client addresses)', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  const userinfo = (remoteAddress: string, username: string, password: string, xff?: string) =>
    cloud.call('GET', '/v1/userinfo', {
      as: { username, password },
      remoteAddress,
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });

  it('one address trying many names is stopped; a forged X-Forwarded-For does not help it', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) {
      const answer = await userinfo('127.0.0.4', `nobody-${i}`, 'x', `198.51.100.${i}`);
      expect(answer.status).toBe(401);
    }
    // A name never signed in from this address: a guesser's next try, refused before its
    // password is looked at (right or wrong).
    const refused = await userinfo('127.0.0.4', 'fleet', 'demo-fleet', '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await userinfo('127.0.0.4', 'nobody-x', 'x')).status).toBe(429);
    expect((await userinfo('127.0.0.5', 'fleet', 'demo-fleet')).status).toBe(200);
  });

  it("the guesses are throttled, not the address's people: a right password there still passes", async () => {
    // Support and admin use this address (an office behind one NAT) before a guesser there
    // tries 30 names.
    expect((await userinfo('127.0.0.6', 'support', 'demo-support')).status).toBe(200);
    expect((await userinfo('127.0.0.6', 'admin', 'demo-admin')).status).toBe(200);
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await userinfo('127.0.0.6', `nobody-${i}`, 'x')).status).toBe(401);
    }
    expect((await userinfo('127.0.0.6', 'nobody-31', 'x')).status).toBe(429);
    expect((await userinfo('127.0.0.6', 'support', 'demo-support')).status).toBe(200);
    expect((await userinfo('127.0.0.6', 'admin', 'demo-admin')).status).toBe(200);
    // A known name's own guesses stay limited per (name, address).
    for (let i = 0; i < PER_NAME_AND_ADDRESS; i++) {
      expect((await userinfo('127.0.0.6', 'admin', `guess-${i}`)).status).toBe(401);
    }
    expect((await userinfo('127.0.0.6', 'admin', 'demo-admin')).status).toBe(429);
    expect((await userinfo('127.0.0.6', 'support', 'demo-support')).status).toBe(200);
  });
});

describe('a password flood', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('from many addresses at once leaves bearer users and /livez served', async () => {
    const token = await tokenFor(cloud, 'support', 'demo-support');
    const flood = Array.from({ length: 60 }, (_, i) =>
      cloud.call('GET', '/v1/userinfo', {
        as: { username: `random-${i}`, password: 'guess' },
        remoteAddress: `127.9.${i}.1`,
      }),
    );
    const served = await Promise.all([
      cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) }),
      cloud.call('GET', '/livez', { as: null }),
    ]);
    expect(served.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of await Promise.all(flood)) expect([401, 429]).toContain(answer.status);
  });
});

describe('TRUST_PROXY', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud({
      limits: { ...DEFAULT_LIMITS, trustProxy: trustProxyFromEnv('127.0.0.1') },
    });
  });
  afterAll(() => cloud.close());

  const viaProxy = (client: string, username: string, password: string) =>
    cloud.call('GET', '/v1/userinfo', {
      as: { username, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });

  it('counts the client the trusted proxy names, so clients behind it do not lock each other out', async () => {
    for (let i = 0; i < PER_NAME_AND_ADDRESS; i++) {
      expect((await viaProxy('203.0.113.9', 'support', `guess-${i}`)).status).toBe(401);
    }
    expect((await viaProxy('203.0.113.9', 'support', 'demo-support')).status).toBe(429);
    expect((await viaProxy('203.0.113.10', 'support', 'demo-support')).status).toBe(200);
  });

  it('believes no other sender', async () => {
    const answer = await cloud.call('GET', '/v1/userinfo', {
      as: { username: 'support', password: 'demo-support' },
      remoteAddress: '127.0.0.9',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(answer.status).toBe(200);
  });

  it('settings: off by default, names or a number of hops, never "on"', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('off')).toBe(false);
    expect(trustProxyFromEnv('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    const hops = trustProxyFromEnv('1');
    expect(typeof hops === 'function' && [hops('x', 0), hops('x', 1)]).toEqual([true, false]);
    expect(() => trustProxyFromEnv('on')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFromEnv('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});
