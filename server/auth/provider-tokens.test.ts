import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { cloudTrusting, OutsideIssuer, SPA_CLIENT } from '../test/outside-issuer.ts';
import {
  auth0Tokens,
  entraIdTokens,
  googleTokens,
  keycloakTokens,
  lemonLdapTokens,
  type AccessToken,
  type Person,
  type SignInTokens,
} from '../test/provider-tokens.ts';
import { bearer, PASSWORD_REALM, requestToken } from '../test/tokens.ts';

// Issue 10, point 2: an ID token never passes as an access token, whichever provider wrote it,
// even when it names the API as its audience (docs/decisions/0014-access-tokens-never-id-tokens.md, "Access tokens, never ID tokens").

const fleetPermissions = {
  'demo:assets': ['READ'],
  'demo:assets.history': ['READ'],
  'demo:groups': ['READ'],
  'demo:groups.history': ['READ'],
};

const dana: Person = {
  sub: '2f0e8d55-1c44-4c0b-9d7e-6a3b8c1f0e21',
  username: 'dana',
  name: 'Dana Directory',
  email: 'dana@customer.example',
  // A role with a space, and one the cloud does not map.
  roles: ['Fleet managers', 'Coffee club'],
};

// Every provider of docs/sign-in.md's "Any OpenID provider", with its settings there.
const shapes: [string, (issuer: string, person: Person) => SignInTokens][] = [
  ['LemonLDAP::NG', lemonLdapTokens],
  ['Keycloak', keycloakTokens],
  ['Auth0', auth0Tokens],
  ['Microsoft Entra ID', entraIdTokens],
  ['Google', googleTokens],
];

const issue = (outside: OutsideIssuer, token: AccessToken) =>
  'introspected' in token
    ? Promise.resolve(outside.opaque(token.introspected, token.prefix))
    : outside.sign(token.payload, token.typ);

describe.each(shapes)('tokens shaped as %s issues them', (_name, shape) => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;
  let tokens: SignInTokens;

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    tokens = shape(outside.issuer, dana);
    cloud = await cloudTrusting(outside, {
      AUTH_EXTERNAL_CLIENT_ID: tokens.clientId,
      AUTH_EXTERNAL_ROLES_CLAIM: tokens.rolesClaim,
      AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet',
      ...tokens.env,
    });
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const userinfo = async (token: string) =>
    cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });

  it('takes the access token, with the roles it carries', async () => {
    const answer = await userinfo(await issue(outside, tokens.access));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ permissions: fleetPermissions });
  });

  it('refuses an access token the provider issued to another of its clients, naming it', async () => {
    const other = 'another-app';
    const access = tokens.access;
    const foreign: AccessToken =
      'introspected' in access
        ? { ...access, introspected: { ...access.introspected, azp: other, client_id: other } }
        : {
            ...access,
            payload: {
              ...access.payload,
              ...('azp' in access.payload ? { azp: other } : {}),
              ...('client_id' in access.payload ? { client_id: other } : {}),
            },
          };
    const answer = await userinfo(await issue(outside, foreign));
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({
      message: expect.stringContaining(
        `The token was issued to the client ${other}, which this cloud does not serve (it takes ` +
          `tokens of ${tokens.clientId})`,
      ),
    });
  });

  it('refuses the ID token of the same sign-in, saying what it is', async () => {
    const answer = await userinfo(await outside.sign(tokens.id.payload, tokens.id.typ));
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({
      status: 'UNAUTHORIZED',
      message: expect.stringMatching(/^The token is an ID token \(.+\), not an access token/),
    });
    expect(String(answer.headers['www-authenticate'])).toContain('error="invalid_token"');
  });

  it('takes the access tokens of its other configurations', async () => {
    if (!tokens.variant) return;
    const answer = await userinfo(await issue(outside, tokens.variant));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ permissions: fleetPermissions });
  });
});

describe('the kind of a token, with any provider', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    cloud = await cloudTrusting(outside);
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const userinfo = async (token: string) =>
    (await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) })).json;
  const now = Math.floor(Date.now() / 1000);
  const base = {
    iss: '',
    sub: 'someone',
    aud: 'https://api.telemetry.local',
    iat: now,
    exp: now + 300,
  };

  it('refuses a JWT-typed token with neither scope nor client_id', async () => {
    const token = await outside.sign({ ...base, iss: outside.issuer, azp: 'spa' }, 'JWT');
    expect(await userinfo(token)).toMatchObject({
      message: expect.stringContaining('not recognisably an access token'),
    });
  });

  it.each(['nonce', 'at_hash', 'c_hash', 's_hash'])(
    'refuses a token carrying %s',
    async (claim) => {
      const token = await outside.sign(
        { ...base, iss: outside.issuer, scope: 'openid', [claim]: 'x' },
        'JWT',
      );
      expect(await userinfo(token)).toMatchObject({
        message: expect.stringContaining(`is an ID token (it carries ${claim})`),
      });
    },
  );

  it('takes an at+jwt access token (RFC 9068) without a scope', async () => {
    const token = await outside.sign(
      { ...base, iss: outside.issuer, client_id: SPA_CLIENT },
      'at+jwt',
    );
    expect(await userinfo(token)).toMatchObject({ username: 'someone' });
  });

  it('says which audience a refused token has, and what to configure', async () => {
    const token = await outside.sign(
      { ...base, iss: outside.issuer, aud: ['telemetry-console'], scope: 'openid' },
      'JWT',
    );
    expect(await userinfo(token)).toMatchObject({
      message:
        'The token is for another audience (telemetry-console), not https://api.telemetry.local. ' +
        'The identity provider must issue access tokens for https://api.telemetry.local, or ' +
        'AUTH_AUDIENCE must name the audience it issues them for.',
    });
  });
});

describe('the built-in provider', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('takes its access token and refuses the ID token issued with it', async () => {
    const answer = await requestToken(cloud, {
      ...PASSWORD_REALM,
      username: 'fleet',
      password: 'demo-fleet',
    });
    const { access_token, id_token } = answer.json() as { access_token: string; id_token: string };
    const call = (token: string) =>
      cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    expect((await call(access_token)).status).toBe(200);
    const refused = await call(id_token);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ message: expect.stringMatching(/not an access token/) });
  });
});
