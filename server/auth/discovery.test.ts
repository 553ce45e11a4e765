import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openSqliteStore } from '../store/sqlite/store.ts';
import { seedDemoAccounts } from '../sim/demo-accounts.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { bearer, PASSWORD_REALM } from '../test/tokens.ts';
import { KEYS_FILE } from './keys.ts';
import { TEST_SCRYPT } from './passwords.ts';

describe('discovery (issue 3, must have 1)', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    // As `npm run dev` runs it: the browser knows the cloud by Vite's address.
    cloud = await createTestCloud({ publicUrl: 'http://localhost:5173' });
  });
  afterAll(() => cloud.close());

  it('names every endpoint under PUBLIC_URL/auth, whatever host or forwarded headers arrive', async () => {
    const answer = await cloud.app.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
      headers: {
        host: 'localhost:8080',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(answer.statusCode).toBe(200);
    const auth = 'http://localhost:5173/auth';
    expect(answer.json()).toMatchObject({
      issuer: auth,
      authorization_endpoint: `${auth}/authorize`,
      token_endpoint: `${auth}/oauth/token`,
      revocation_endpoint: `${auth}/oauth/revoke`,
      end_session_endpoint: `${auth}/logout`,
      jwks_uri: `${auth}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: expect.arrayContaining([
        'authorization_code',
        'refresh_token',
        'client_credentials',
        'http://auth0.com/oauth/grant-type/password-realm',
      ]),
      scopes_supported: expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    });
  });

  it('publishes the public signing keys only', async () => {
    const answer = await cloud.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' });
    const { keys } = answer.json() as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]?.kid).toBeTruthy();
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('tells API users in the OpenAPI document where bearer tokens come from', async () => {
    const answer = await cloud.app.inject({ url: '/v1/openapi.json' });
    const { bearer } = answer.json().components.securitySchemes;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(bearer.description).toContain('audience https://api.telemetry.local');
    expect(bearer.description).toContain('http://localhost:5173/auth/oauth/token');
  });

  it('answers unknown /auth paths with the API error shape', async () => {
    const answer = await cloud.app.inject({ method: 'GET', url: '/auth/nothing-here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      status: 'NOT_FOUND',
      message: 'No operation GET /auth/nothing-here.',
    });
  });
});

describe('signing keys in the data directory', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** `npm start` over a data directory: database and keys both in it. */
  async function start(dir = mkdtempSync(join(tmpdir(), 'idp-keys-'))) {
    dirs.push(dir);
    const store = openSqliteStore(dir);
    const cloud = await buildApp({ store, config: testConfig({ dataDir: dir }) });
    await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
    const userinfo = (token: string) =>
      cloud.app.inject({ url: '/v1/userinfo', headers: bearer(token) });
    const token = async () =>
      (
        await cloud.app.inject({
          method: 'POST',
          url: '/auth/oauth/token',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...PASSWORD_REALM, username: 'admin', password: 'demo-admin' }),
        })
      ).json().access_token as string;
    const close = async () => {
      await cloud.app.close();
      await store.close();
    };
    return { dir, cloud, userinfo, token, close };
  }

  it('are made at first start, kept private, and stay the same across restarts', async () => {
    const first = await start();
    const token = await first.token();
    const jwks = (await first.cloud.app.inject({ url: '/auth/.well-known/jwks.json' })).json();
    await first.close();
    expect(statSync(join(first.dir, KEYS_FILE)).mode & 0o777).toBe(0o600);

    const restarted = await start(first.dir);
    try {
      const again = await restarted.cloud.app.inject({ url: '/auth/.well-known/jwks.json' });
      expect(again.json()).toEqual(jwks);
      expect((await restarted.userinfo(token)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }

    const elsewhere = await start();
    try {
      expect((await elsewhere.userinfo(token)).json()).toMatchObject({
        message: 'The token is signed with a key this cloud does not know.',
      });
    } finally {
      await elsewhere.close();
    }
  });
});
