import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonSummary } from '../../contract/people.ts';
import type { TestCloud } from '../test/harness.ts';
import { createTestCloud } from '../test/harness.ts';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { consoleClient, startSignIn } from '../test/console-client.ts';
import { cloudTrusting, OutsideIssuer } from '../test/outside-issuer.ts';
import { bearer, tokenFor } from '../test/tokens.ts';

// Issue 34, item 5: "Last sign-in" for every way of signing in (docs/decisions/0177).

async function lastSignIn(cloud: TestCloud, username: string): Promise<number | undefined> {
  const answer = await cloud.call('GET', '/v1/users', {
    as: 'support',
    query: { filter: username },
  });
  expect(answer.status, answer.text).toBe(200);
  const person = (answer.json as PersonSummary[]).find((p) => p.username === username);
  if (!person) throw new Error(`no person ${username}`);
  return person.lastSignIn;
}

describe('last sign-in with a password here', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('is recorded by Basic', async () => {
    expect(await lastSignIn(cloud, 'fleet')).toBeUndefined();
    const before = Date.now();
    expect((await cloud.call('GET', '/v1/userinfo', { as: 'fleet' })).status).toBe(200);
    expect(await lastSignIn(cloud, 'fleet')).toBeGreaterThanOrEqual(before);
  });

  it('is recorded by the password-realm grant, and not by a wrong password', async () => {
    expect(await lastSignIn(cloud, 'admin')).toBeUndefined();
    const wrong = await cloud.call('GET', '/v1/userinfo', {
      as: { username: 'admin', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(await lastSignIn(cloud, 'admin')).toBeUndefined();
    const before = Date.now();
    await tokenFor(cloud, 'admin', 'demo-admin');
    expect(await lastSignIn(cloud, 'admin')).toBeGreaterThanOrEqual(before);
  });
});

describe('last sign-in through the login page (authorization code flow)', () => {
  let cloud: ListeningCloud;
  beforeAll(async () => {
    cloud = await listenTestCloud();
  });
  afterAll(() => cloud.close());

  it('is recorded when the person signs in on the login page', async () => {
    expect(await lastSignIn(cloud, 'fleet')).toBeUndefined();
    const config = await consoleClient(cloud.url);
    const redirectUri = `${cloud.url}/callback`;
    const { browser, login, html } = await startSignIn(config, redirectUri);
    const before = Date.now();
    const back = await browser.submit(
      login.url,
      html,
      { username: 'fleet', password: 'demo-fleet' },
      { stopAt: redirectUri },
    );
    expect(new URL(back.url).searchParams.get('code')).toBeTruthy();
    expect(await lastSignIn(cloud, 'fleet')).toBeGreaterThanOrEqual(before);
  });
});

describe('last sign-in with an outside provider', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;
  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    cloud = await cloudTrusting(outside, {
      AUTH_EXTERNAL_ROLES_CLAIM: 'groups',
      AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet',
    });
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  it('is the sign-in time of the newest token the cloud saw', async () => {
    const authTime = Math.floor(Date.now() / 1000) - 60;
    const token = await outside.token({
      sub: 'lemon|dwho',
      preferred_username: 'dwho',
      groups: ['Fleet managers'],
      auth_time: authTime,
    });
    const answer = await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    expect(answer.status, answer.text).toBe(200);
    expect(await lastSignIn(cloud, 'dwho')).toBe(authTime * 1000);
  });
});
