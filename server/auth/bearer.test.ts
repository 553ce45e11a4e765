import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, importJWK, SignJWT, type JWTPayload } from 'jose';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { bearer, tokenFor } from '../test/tokens.ts';
import { generateSigningKey, writeKeys, type PrivateJwk } from './keys.ts';

const ISSUER = 'http://127.0.0.1/auth';
const AUDIENCE = 'https://api.telemetry.local';
const MACHINE_SECRET = 'machine-secret-for-the-tests-0123456789';

describe('bearer tokens on /v1 (section 5.1)', () => {
  let cloud: TestCloud;
  let dataDir: string;
  let key: PrivateJwk;
  let fleetSub: string;

  beforeAll(async () => {
    // The cloud's own signing key, so that the tests can forge tokens that only differ from a
    // genuine one in the one thing each rejection is about.
    dataDir = mkdtempSync(join(tmpdir(), 'idp-bearer-'));
    key = generateSigningKey();
    writeKeys(dataDir, {
      signing: [key],
      cookies: ['cookie-key-for-the-tests-0123456789abcdef'],
      machineSecret: MACHINE_SECRET,
    });
    cloud = await createTestCloud({ dataDir });
    fleetSub = (await cloud.store.users.findByUsername('fleet'))?.sub ?? '';
  });
  afterAll(async () => {
    await cloud.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function mint(
    claims: JWTPayload = {},
    options: { typ?: string; signingKey?: PrivateJwk } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    const signingKey = options.signingKey ?? key;
    const genuine = { iss: ISSUER, aud: AUDIENCE, sub: fleetSub, iat: now, exp: now + 300 };
    return new SignJWT({ client_id: 'cli', ...genuine, ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'at+jwt', kid: signingKey.kid })
      .sign(await importJWK(signingKey, 'ES256'));
  }

  const userinfo = (token: string, headers: Record<string, string> = {}) =>
    cloud.call('GET', '/v1/userinfo', { as: null, headers: { ...bearer(token), ...headers } });

  it('takes a well-formed token of the cloud for its user', async () => {
    const answer = await userinfo(await mint());
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ username: 'fleet' });
  });

  async function expectRejected(token: string, description: RegExp) {
    const answer = await userinfo(token);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      status: 'UNAUTHORIZED',
      message: expect.stringMatching(description),
    });
    const challenge = String(answer.headers['www-authenticate']);
    expect(challenge).toContain(
      'Bearer realm="telemetry", error="invalid_token", error_description="',
    );
    expect(challenge).toMatch(description);
    expect(challenge).toContain('Basic realm="telemetry"');
  }

  it('refuses alg: none', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
    const genuine = await mint();
    const payload = genuine.split('.')[1];
    await expectRejected(`${header}.${payload}.`, /algorithm that is not accepted/);
  });

  it('refuses a token for another audience', async () => {
    await expectRejected(await mint({ aud: 'https://other.example' }), /another audience/);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expectRejected(await mint({ iat: past - 900, exp: past }), /has expired/);
  });

  it('refuses a tampered token', async () => {
    const [header, , signature] = (await mint()).split('.');
    const adminSub = (await cloud.store.users.findByUsername('admin'))?.sub;
    const forged = base64url.encode(
      JSON.stringify({
        sub: adminSub,
        iss: ISSUER,
        aud: AUDIENCE,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 300,
      }),
    );
    await expectRejected(`${header}.${forged}.${signature}`, /signature is invalid/);
  });

  it('refuses a token that is not an access token (typ)', async () => {
    await expectRejected(await mint({}, { typ: 'JWT' }), /not an access token/);
  });

  it('refuses a token from another issuer', async () => {
    await expectRejected(await mint({ iss: 'https://elsewhere.example/' }), /does not trust/);
  });

  it('refuses a token signed by a key the cloud does not have', async () => {
    await expectRejected(
      await mint({}, { signingKey: generateSigningKey() }),
      /key this cloud does not know/,
    );
  });

  it('refuses a token whose user is gone', async () => {
    await expectRejected(await mint({ sub: 'no-such-user' }), /does not exist/);
  });

  it('refuses something that is not a JWT', async () => {
    await expectRejected('opaque-token-value', /not a JSON Web Token/);
  });

  it('refuses client-credentials tokens with a clear message (section 5.1.5)', async () => {
    const issued = await cloud.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`machine:${MACHINE_SECRET}`).toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(issued.statusCode).toBe(200);
    const { access_token } = issued.json() as { access_token: string };
    await expectRejected(access_token, /issued to the client machine, not to a user/);
  });

  it('offers only the bearer challenge to the console (X-Requested-With)', async () => {
    const answer = await userinfo(await mint({ aud: 'https://other.example' }), {
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(
      /^Bearer realm="telemetry", error="invalid_token"/,
    );
    expect(answer.headers['www-authenticate']).not.toContain('Basic');
  });

  it('offers both schemes, without an error code, when no credentials come', async () => {
    const answer = await cloud.call('GET', '/v1/userinfo', { as: null });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(
      'Basic realm="telemetry", charset="UTF-8", Bearer realm="telemetry"',
    );
  });

  it('still takes Basic credentials beside bearer tokens', async () => {
    expect((await cloud.call('GET', '/v1/userinfo', { as: 'fleet' })).status).toBe(200);
    const token = await tokenFor(cloud, 'fleet', 'demo-fleet');
    expect((await userinfo(token)).status).toBe(200);
  });
});
