import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { cloudTrusting, OutsideIssuer, SPA_CLIENT } from '../test/outside-issuer.ts';
import { bearer } from '../test/tokens.ts';
import { authConfigFromEnv } from './auth-config.ts';
import { ExternalProvider } from './external-idp.ts';

const ROLES = 'https://telemetry.local/roles';
const fleetPermissions = {
  'demo:assets': ['READ'],
  'demo:assets.history': ['READ'],
  'demo:groups': ['READ'],
  'demo:groups.history': ['READ'],
};
const supportPermissions = { 'demo:assets': ['READ'], 'demo:groups': ['READ'] };

describe('an outside identity provider instead of the built-in one (issue 3, must have 10)', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    const publicUrl = 'http://127.0.0.1';
    const auth = authConfigFromEnv(
      {
        AUTH_EXTERNAL_ISSUER: outside.issuer,
        AUTH_EXTERNAL_TENANT: 'demo',
        // The console's client, and a script's whose client-credentials tokens are still refused.
        AUTH_EXTERNAL_CLIENT_IDS: 'spa-client, m2m-app',
        AUTH_EXTERNAL_ROLES_CLAIM: ROLES,
        AUTH_EXTERNAL_ROLE_MAP: 'Telemetry Fleet=demo-fleet,Telemetry Support=demo-support',
      },
      publicUrl,
    );
    cloud = await createTestCloud({ publicUrl, auth });
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const userinfo = async (token: string) =>
    cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });

  it('no longer serves the built-in provider', async () => {
    const answer = await cloud.app.inject({ url: '/auth/.well-known/openid-configuration' });
    expect(answer.statusCode).toBe(404);
  });

  it('makes the account at the first sign-in, in the configured tenant, with mapped roles', async () => {
    const token = await outside.token({
      sub: 'auth0|dana',
      preferred_username: 'dana',
      name: 'Dana Directory',
      email: 'dana@customer.example',
      [ROLES]: ['Telemetry Fleet', 'Coffee Club'],
    });
    const answer = await userinfo(token);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      sub: 'auth0|dana',
      username: 'dana',
      name: 'Dana Directory',
      email: 'dana@customer.example',
      permissions: fleetPermissions,
      roles: {
        claim: ROLES,
        received: ['Telemetry Fleet', 'Coffee Club'],
        unmapped: ['Coffee Club'],
      },
    });
    expect(await cloud.store.users.findByUsername('dana')).toMatchObject({
      tenant: 'demo',
      passwordHash: null,
    });
  });

  it('synchronises roles at the next sign-in, and an older token cannot bring old ones back', async () => {
    const signIn = (at: number, roles: string[]) =>
      outside.token({ sub: 'auth0|eve', nickname: 'eve', iat: at, auth_time: at, [ROLES]: roles });
    const t0 = now() - 100;
    expect((await userinfo(await signIn(t0, ['Telemetry Fleet']))).json).toMatchObject({
      permissions: fleetPermissions,
    });
    // The directory moved Eve to support; her next sign-in says so.
    const moved = await signIn(t0 + 10, ['Telemetry Support']);
    expect((await userinfo(moved)).json).toMatchObject({ permissions: supportPermissions });
    // A token from the earlier sign-in still works, with today's roles.
    const earlier = await signIn(t0, ['Telemetry Fleet']);
    expect((await userinfo(earlier)).json).toMatchObject({ permissions: supportPermissions });
  });

  it('keeps permission sets granted in the cloud on top of the directory roles', async () => {
    const t0 = now() - 100;
    const signIn = (at: number, roles: string[]) =>
      outside.token({ sub: 'auth0|finn', email: 'finn@customer.example', iat: at, [ROLES]: roles });
    await userinfo(await signIn(t0, ['Telemetry Support']));
    const user = await cloud.store.users.findByUsername('finn@customer.example');
    await cloud.store.users.addPermissionSets(user?.id ?? 0, ['acme-admin']);

    const answer = await userinfo(await signIn(t0 + 1, ['Telemetry Fleet']));
    expect(answer.json).toMatchObject({
      permissions: { ...fleetPermissions, 'acme:assets': expect.any(Array) },
    });
    expect(Object.keys((answer.json as { permissions: object }).permissions)).toHaveLength(8);
  });

  it('refuses tokens for another audience, tokens of client credentials, and other issuers', async () => {
    const wrongAudience = await outside.token({ sub: 'auth0|dana', aud: 'https://other.example' });
    expect((await userinfo(wrongAudience)).json).toMatchObject({
      message: expect.stringMatching(
        /^The token is for another audience \(https:\/\/other.example\), not https:\/\/api.telemetry.local\./,
      ),
    });

    const machine = await outside.token({
      sub: 'm2m-app@clients',
      azp: 'm2m-app',
      gty: 'client-credentials',
    });
    const refused = await userinfo(machine);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({
      message: expect.stringContaining('issued to the client m2m-app, not to a user'),
    });

    const stranger = await new OutsideIssuer().start();
    try {
      const token = await stranger.token({ sub: 'auth0|dana', iss: outside.issuer });
      expect((await userinfo(token)).json).toMatchObject({
        message: 'The token signature is invalid.',
      });
    } finally {
      await stranger.stop();
    }
  });

  it('will not start against a discovery document for another issuer (a typo, not an outage)', async () => {
    const auth = authConfigFromEnv(
      {
        AUTH_EXTERNAL_ISSUER: outside.issuer.replace(/\/$/, ''),
        AUTH_EXTERNAL_TENANT: 'demo',
      },
      'http://127.0.0.1',
    );
    await expect(createTestCloud({ auth })).rejects.toThrow(
      `names the issuer ${outside.issuer}; set AUTH_EXTERNAL_ISSUER to exactly that`,
    );
  });
});

describe('an outside identity provider that is down (issue 10, point 7)', () => {
  it('starts anyway, answers 503 with the reason, and verifies tokens once the provider answers', async () => {
    const outside = await new OutsideIssuer().start();
    outside.discoveryStatus = 503;
    const cloud = await cloudTrusting(outside);
    try {
      const token = await outside.token({ sub: 'auth0|gus', nickname: 'gus' });
      const call = () => cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });

      const waiting = await call();
      expect(waiting.status).toBe(503);
      expect(waiting.headers['retry-after']).toBe('5');
      expect(waiting.json).toEqual({
        status: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining(
          `The cloud cannot verify tokens yet: the identity provider ${outside.issuer} has not answered (its discovery document at ${outside.issuer}.well-known/openid-configuration answered HTTP 503)`,
        ),
      });
      // Basic credentials do not depend on the provider.
      expect((await cloud.call('GET', '/v1/userinfo', { as: 'fleet' })).status).toBe(200);
      expect(cloud.logs.join('')).toContain('bearer tokens are answered 503 until it answers');

      outside.discoveryStatus = 200;
      // Retried 1 s after the first failure, then 2 s after that: within 4 s of starting.
      let answer = waiting;
      for (let attempt = 0; attempt < 40 && answer.status === 503; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await call();
      }
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ username: 'gus' });
    } finally {
      await cloud.close();
      await outside.stop();
    }
  });

  it('starts when nothing listens at the issuer, and says the discovery cannot be fetched', async () => {
    const outside = await new OutsideIssuer().start();
    await outside.stop();
    const cloud = await cloudTrusting(outside);
    try {
      const answer = await cloud.call('GET', '/v1/channels', {
        as: null,
        headers: bearer('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'),
      });
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({
        message: expect.stringContaining('/.well-known/openid-configuration cannot be fetched'),
      });
      // The log names the network's reason; the answer does not.
      expect(cloud.logs.join('')).toContain('ECONNREFUSED');
      expect(String((answer.json as { message: string }).message)).not.toContain('ECONNREFUSED');
    } finally {
      await cloud.close();
    }
  });
});

describe('a provider that answers again (issue 34: sign-in waited up to 30 s for the next attempt)', () => {
  it('is asked again at once by the first token that arrives, whatever the backoff had grown to', async () => {
    const outside = await new OutsideIssuer().start();
    outside.discoveryStatus = 503;
    const { external } = authConfigFromEnv(
      {
        AUTH_EXTERNAL_ISSUER: outside.issuer,
        AUTH_EXTERNAL_TENANT: 'demo',
        AUTH_EXTERNAL_CLIENT_ID: SPA_CLIENT,
      },
      'http://127.0.0.1',
    );
    if (!external) throw new Error('no outside provider configured');
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      warn: (line: string) => warnings.push(line),
      error: () => undefined,
    };
    // A backoff grown to a minute, as after a long outage; a token may ask again at any time.
    const provider = new ExternalProvider(external, 'https://api.telemetry.local', 30, log, {
      retry: { firstMs: 60_000, maxMs: 60_000 },
      askNowEveryMs: 0,
    });
    try {
      await provider.start();
      expect(warnings.join('')).toContain('next attempt in');
      const token = await outside.token({ sub: 'auth0|gus' });
      outside.discoveryStatus = 200;
      // Not in a minute: now.
      await expect(provider.verify(token)).resolves.toMatchObject({ sub: 'auth0|gus' });
    } finally {
      provider.close();
      await outside.stop();
    }
  });
});
