import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { bearer, PASSWORD_REALM, requestToken, tokenFor } from '../test/tokens.ts';
import { demoProfiles } from '../test/demo-profiles.ts';

describe('scripts get tokens with the password-realm grant (section 5.1.2)', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('answers access_token and expires_in to the JSON body of section 5.1.2', async () => {
    const answer = await requestToken(cloud, {
      ...PASSWORD_REALM,
      username: 'admin',
      password: 'demo-admin',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json() as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body).not.toHaveProperty('refresh_token');
    const token = String(body.access_token);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(decodeJwt(token)).toMatchObject({
      iss: 'http://127.0.0.1/auth',
      aud: 'https://api.telemetry.local',
      sub: (await cloud.store.users.findByUsername('admin'))?.sub,
      client_id: 'cli',
    });
    expect(decodeJwt(String(body.id_token))).toMatchObject({
      preferred_username: 'admin',
      name: 'Ada Admin',
      email: 'admin@example.com',
      aud: 'cli',
    });
  });

  it('takes the same fields as a form', async () => {
    const answer = await requestToken(
      cloud,
      { ...PASSWORD_REALM, username: 'fleet', password: 'demo-fleet' },
      'form',
    );
    expect(answer.statusCode).toBe(200);
    expect(decodeJwt(String(answer.json().access_token)).sub).toBe(
      (await cloud.store.users.findByUsername('fleet'))?.sub,
    );
  });

  it('defaults the audience to the API, as the cloud has only the one', async () => {
    const { audience: _audience, ...withoutAudience } = PASSWORD_REALM;
    const answer = await requestToken(cloud, {
      ...withoutAudience,
      username: 'fleet',
      password: 'demo-fleet',
    });
    expect(decodeJwt(String(answer.json().access_token)).aud).toBe('https://api.telemetry.local');
  });

  it.each([
    [
      'a wrong password',
      { password: 'wrong' },
      400,
      { error: 'invalid_grant', error_description: 'Wrong username or password.' },
    ],
    [
      'an unknown user',
      { username: 'nobody' },
      400,
      { error: 'invalid_grant', error_description: 'Wrong username or password.' },
    ],
    ['another realm', { realm: 'google-oauth2' }, 400, { error: 'invalid_request' }],
    ['another audience', { audience: 'https://other.example' }, 400, { error: 'invalid_target' }],
    ['no password', { password: '' }, 400, { error: 'invalid_request' }],
    [
      'a client without that grant',
      { client_id: 'console' },
      400,
      {
        error: 'invalid_request',
        error_description: 'requested grant type is not allowed for this client',
      },
    ],
    ['an unknown client', { client_id: 'nope' }, 401, { error: 'invalid_client' }],
    ['a JSON object as a value', { scope: { openid: true } }, 400, { error: 'invalid_request' }],
  ])('refuses %s', async (_name, change, status, body) => {
    const answer = await requestToken(cloud, {
      ...PASSWORD_REALM,
      username: 'support',
      password: 'demo-support',
      ...change,
    });
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject(body);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await cloud.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('keeps nothing of a script sign-in longer than its token lives', async () => {
    await tokenFor(cloud, 'support', 'demo-support');
    const [row] = await cloud.sql.all('SELECT max(expires_at) AS latest FROM oidc_models');
    expect(Number(row?.latest)).toBeLessThanOrEqual(Date.now() + 900_000);
  });

  it('never writes passwords or tokens into the log', async () => {
    const token = await tokenFor(cloud, 'acme', 'demo-acme');
    await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    const log = cloud.logs.join('');
    expect(log).not.toContain('demo-acme');
    expect(log).not.toContain(token.slice(-20));
  });
});

describe('GET /v1/userinfo with bearer tokens (section 4.5)', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  const cases = demoProfiles;

  it.each(cases)('answers $username their profile and permissions', async (expected) => {
    const token = await tokenFor(cloud, expected.username, expected.password);
    const answer = await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      sub: decodeJwt(token).sub,
      username: expected.username,
      name: expected.name,
      email: expected.email,
      permissions: expected.permissions,
    });
  });

  it('applies a changed role at once, with the same token', async () => {
    const token = await tokenFor(cloud, 'fleet', 'demo-fleet');
    await cloud.store.users.setPermissionSets(cloud.ids.fleet, ['demo-support']);
    const answer = await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    expect((answer.json as { permissions: object }).permissions).toEqual({
      'demo:assets': ['READ'],
      'demo:groups': ['READ'],
      'demo:users': ['READ'],
      'demo:audit': ['READ'],
    });
    await cloud.store.users.setPermissionSets(cloud.ids.fleet, ['demo-fleet']);
  });

  it('accepts bearer tokens on the other operations too', async () => {
    const token = await tokenFor(cloud, 'support', 'demo-support');
    const answer = await cloud.call('GET', '/v1/channels', { as: null, headers: bearer(token) });
    expect(answer.status).toBe(200);
    const refused = await cloud.call('POST', '/v1/groups/Not%20mine', {
      as: null,
      headers: bearer(token),
    });
    expect(refused.status).toBe(403);
  });
});
