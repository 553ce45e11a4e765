import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCloud } from '../test/harness.ts';
import { cloudTrusting, OutsideIssuer, SPA_CLIENT } from '../test/outside-issuer.ts';
import { bearer } from '../test/tokens.ts';
import { Introspection } from './introspection.ts';

// Issue 21: what an outside provider's token must be for besides its signature: the API (aud,
// as AUTH_AUDIENCE or the resource indicator), one of our clients (azp or client_id), and within
// the clock tolerance; opaque tokens only through introspection.

const now = () => Math.floor(Date.now() / 1000);
const { id: INTROSPECTOR, secret: SECRET } = OutsideIssuer.introspector;

describe('an outside provider’s token is bound to the API and to our clients', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    cloud = await cloudTrusting(outside, {
      AUTH_EXTERNAL_CLIENT_IDS: `${SPA_CLIENT}, report-script`,
      AUTH_EXTERNAL_RESOURCE: 'https://api.fleet.example/',
      AUTH_AUDIENCE: 'https://api.telemetry.local',
    });
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const userinfo = (token: string) =>
    cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });

  it('refuses the granted scopes as an audience, which every client of the provider gets', async () => {
    const token = await outside.token({ sub: 'lemon|dwho', aud: 'openid profile email' });
    const answer = await userinfo(token);
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({
      message: expect.stringMatching(/^The token is for another audience \(openid profile email\)/),
    });
  });

  it('takes the resource indicator the console sends as the audience too (RFC 8707)', async () => {
    const token = await outside.token({ sub: 'rfc|ana', aud: 'https://api.fleet.example/' });
    expect((await userinfo(token)).status).toBe(200);
  });

  it('takes a listed script client, and refuses another client of the provider by name', async () => {
    expect((await userinfo(await outside.token({ sub: 'x|1', azp: 'report-script' }))).status).toBe(
      200,
    );
    const foreign = await userinfo(await outside.token({ sub: 'x|2', azp: 'intranet-wiki' }));
    expect(foreign.status).toBe(401);
    expect(foreign.json).toMatchObject({
      message:
        'The token was issued to the client intranet-wiki, which this cloud does not serve (it ' +
        `takes tokens of ${SPA_CLIENT}, report-script). A script of your own needs its client ` +
        'added to AUTH_EXTERNAL_CLIENT_IDS.',
    });
    expect(String(foreign.headers['www-authenticate'])).toContain('error="invalid_token"');
  });

  it('refuses a token that names no client', async () => {
    const token = await outside.token({ sub: 'x|3', azp: undefined, client_id: undefined });
    expect((await userinfo(token)).json).toMatchObject({
      message: expect.stringContaining('The token names no client (neither azp nor client_id)'),
    });
  });

  it('refuses an opaque token without introspection, saying what the operator must configure', async () => {
    const answer = await userinfo('ya29.a0AfB_byDq3xS4nOpAqUe');
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({
      message: expect.stringMatching(
        /^The bearer token is opaque, not a JSON Web Token.+Auth0: an API whose identifier is AUTH_AUDIENCE.+AUTH_EXTERNAL_INTROSPECTION_URL with a confidential client/,
      ),
    });
  });
});

describe('clock tolerance (AUTH_CLOCK_TOLERANCE_S)', () => {
  let outside: OutsideIssuer;
  const clouds: TestCloud[] = [];
  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
  });
  afterAll(async () => {
    for (const cloud of clouds) await cloud.close();
    await outside.stop();
  });

  const statusOf = async (cloud: TestCloud, expiredSecondsAgo: number) => {
    const exp = now() - expiredSecondsAgo;
    const token = await outside.token({ sub: 'clock|kim', iat: exp - 300, exp });
    return (await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) })).status;
  };

  it('takes a token 30 s past its exp by default, no longer', async () => {
    const cloud = await cloudTrusting(outside);
    clouds.push(cloud);
    expect(await statusOf(cloud, 15)).toBe(200);
    expect(await statusOf(cloud, 45)).toBe(401);
  });

  it('takes none past its exp with AUTH_CLOCK_TOLERANCE_S=0', async () => {
    const cloud = await cloudTrusting(outside, { AUTH_CLOCK_TOLERANCE_S: '0' });
    clouds.push(cloud);
    expect(await statusOf(cloud, 3)).toBe(401);
  });
});

describe('opaque access tokens by introspection (RFC 7662)', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    cloud = await cloudTrusting(outside, {
      AUTH_EXTERNAL_INTROSPECTION_URL: `${outside.issuer}introspect`,
      AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID: INTROSPECTOR,
      AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET: SECRET,
      AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet',
    });
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const userinfo = (token: string) =>
    cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
  const active = (claims: Record<string, unknown> = {}) =>
    outside.opaque({
      sub: 'opaque|olga',
      client_id: SPA_CLIENT,
      scope: 'openid profile',
      exp: now() + 600,
      iat: now(),
      roles: 'Fleet managers, Coffee club',
      ...claims,
    });

  it('takes an active token, asks the provider once, and keeps the answer until exp', async () => {
    const token = active();
    const before = outside.introspectionRequests;
    const first = await userinfo(token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      username: 'opaque|olga',
      permissions: { 'demo:assets': ['READ'] },
    });
    expect((await userinfo(token)).status).toBe(200);
    expect(outside.introspectionRequests).toBe(before + 1);
  });

  it('refuses a token the provider says is not active, and one of another client', async () => {
    const answer = await userinfo('2YotnFZFEjr1zCsicMWpAA');
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({
      message:
        'The identity provider says this token is not active (expired, revoked or not its own).',
    });
    const foreign = await userinfo(active({ client_id: 'intranet-wiki' }));
    expect(foreign.json).toMatchObject({
      message: expect.stringContaining('issued to the client intranet-wiki'),
    });
    const wrongAudience = await userinfo(active({ aud: 'https://other.example' }));
    expect(wrongAudience.json).toMatchObject({
      message: expect.stringContaining('for another audience (https://other.example)'),
    });
  });

  it('answers 503 with what to fix when the provider refuses the introspection client', async () => {
    const wrong = await cloudTrusting(outside, {
      AUTH_EXTERNAL_INTROSPECTION_URL: `${outside.issuer}introspect`,
      AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID: INTROSPECTOR,
      AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET: 'wrong',
    });
    try {
      const answer = await wrong.call('GET', '/v1/userinfo', {
        as: null,
        headers: bearer(active()),
      });
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({
        message: expect.stringContaining(
          'The identity provider refused the cloud’s introspection client (HTTP 401)',
        ),
      });
    } finally {
      await wrong.close();
    }
  });

  it('keeps at most the configured number of answers, dropping the oldest', async () => {
    const introspection = new Introspection(
      { url: `${outside.issuer}introspect`, clientId: INTROSPECTOR, clientSecret: SECRET },
      outside.issuer,
      { audiences: ['https://api.telemetry.local'], clientIds: [SPA_CLIENT] },
      30,
      Date.now,
      3,
    );
    const tokens = [active(), active(), active(), active()];
    for (const token of tokens) await introspection.verify(token);
    expect(introspection.size).toBe(3);
    const before = outside.introspectionRequests;
    await introspection.verify(tokens[3] ?? '');
    expect(outside.introspectionRequests).toBe(before);
    await introspection.verify(tokens[0] ?? '');
    expect(outside.introspectionRequests).toBe(before + 1);
  });
});
