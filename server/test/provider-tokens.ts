import type { JWTPayload } from 'jose';

/**
 * The ID and access tokens of one sign-in, with the header `typ` and the claims each provider
 * really writes (from their sources and documentation, noted per provider), so that tests can
 * forge both with an outside issuer's key and check which one the API takes.
 */
export interface SignInTokens {
  provider: string;
  /** The claim the provider puts the person's roles in, for AUTH_EXTERNAL_ROLES_CLAIM. */
  rolesClaim: string;
  /** The console's client at the provider (AUTH_EXTERNAL_CLIENT_ID). */
  clientId: string;
  /** The other settings docs/sign-in.md gives for this provider. */
  env?: Record<string, string>;
  access: AccessToken;
  id: { typ: string; payload: JWTPayload };
  /** Another access token the provider writes in another configuration or version. */
  variant?: { name: string } & AccessToken;
}

/** A signed JWT, or an opaque token whose introspection answers `introspected` (without `active`). */
export type AccessToken =
  { typ: string; payload: JWTPayload } | { introspected: Record<string, unknown>; prefix: string };

export interface Person {
  sub: string;
  username: string;
  name: string;
  email: string;
  roles: string[];
}

const API = 'https://api.telemetry.local';
/** The confidential client the cloud introspects with (OutsideIssuer.introspector). */
const INTROSPECTOR = { id: 'telemetry-api', secret: 'introspect-s3cret' };
const CLIENT = 'telemetry-console';
const seconds = () => Math.floor(Date.now() / 1000);

/**
 * LemonLDAP::NG 2.16 (Lib/OpenIDConnect.pm makeJWT, Issuer/OpenIDConnect.pm _generateIDToken):
 * both typed JWT; the RP's "additional audiences" go into both, so the ID token names the API
 * too; the access token carries client_id, scope and jti, and the person's claims when "release
 * claims in access token" is on; the ID token carries azp, acr, auth_time and at_hash. Without
 * "JWT access tokens" its access tokens are opaque, checked at /oauth2/introspect by a
 * confidential client (the variant). Roles here are one comma-joined string, as the provider of
 * issue 21 wrote them (2.16 itself sends an array when it splits on multiValuesSeparator).
 */
export function lemonLdapTokens(issuer: string, person: Person): SignInTokens {
  const now = seconds();
  const aud = [CLIENT, API];
  const claims = {
    sub: person.username,
    name: person.name,
    email: person.email,
    preferred_username: person.username,
    // A multi-valued attribute as one comma-joined string (issue 21).
    roles: person.roles.join(', '),
  };
  return {
    provider: 'LemonLDAP::NG',
    rolesClaim: 'roles',
    clientId: CLIENT,
    access: {
      typ: 'JWT',
      payload: {
        iss: issuer,
        exp: now + 600,
        aud,
        client_id: CLIENT,
        iat: now,
        jti: 'b5f1c0d2e3a4',
        scope: 'openid profile email roles',
        ...claims,
      },
    },
    id: {
      typ: 'JWT',
      payload: {
        iss: issuer,
        sub: person.username,
        aud,
        exp: now + 3600,
        iat: now,
        auth_time: now - 5,
        acr: 'loa-1',
        azp: CLIENT,
        at_hash: 'Q0hJ7dY5XcKq1w2r3t4y5A',
        nonce: 'bm9uY2UtbGVtb24',
      },
    },
    variant: {
      name: 'LemonLDAP::NG with opaque access tokens and introspection',
      prefix: '',
      introspected: {
        ...claims,
        client_id: CLIENT,
        scope: 'openid profile email roles',
        exp: now + 600,
        iat: now,
        token_type: 'Bearer',
      },
    },
    env: {
      AUTH_EXTERNAL_INTROSPECTION_URL: `${issuer}introspect`,
      AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID: INTROSPECTOR.id,
      AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET: INTROSPECTOR.secret,
    },
  };
}

/**
 * Keycloak 24/25 with an "audience" mapper that also adds the API to ID tokens: both typed JWT,
 * told apart by the payload's own `typ` ("Bearer", "ID"); roles in realm_access.roles. Keycloak
 * before 25 also copied the sign-in's nonce into access tokens (the variant).
 */
export function keycloakTokens(issuer: string, person: Person): SignInTokens {
  const now = seconds();
  const common = {
    exp: now + 300,
    iat: now,
    auth_time: now - 5,
    iss: issuer,
    sub: person.sub,
    azp: CLIENT,
    sid: '7f3c2a1b-0d9e-4c8b-a7f6-5e4d3c2b1a09',
    acr: '1',
    email_verified: true,
    name: person.name,
    preferred_username: person.username,
    email: person.email,
  };
  const access = {
    ...common,
    jti: 'onrtac:0a1b2c3d',
    aud: [API, 'account'],
    typ: 'Bearer',
    'allowed-origins': ['https://console.example'],
    realm_access: { roles: ['default-roles-telemetry', ...person.roles] },
    resource_access: { account: { roles: ['manage-account'] } },
    scope: 'openid profile email',
  };
  return {
    provider: 'Keycloak',
    rolesClaim: 'realm_access.roles',
    clientId: CLIENT,
    access: { typ: 'JWT', payload: access },
    id: {
      typ: 'JWT',
      payload: {
        ...common,
        jti: 'ntrtid:4e5f6a7b',
        aud: [CLIENT, API],
        typ: 'ID',
        nonce: 'n-0S6_WzA2Mj',
        at_hash: 'fT3y4nQb1xW8rZk2m9LpVg',
      },
    },
    variant: {
      name: 'Keycloak before 25 (nonce in access tokens)',
      typ: 'JWT',
      payload: { ...access, nonce: 'n-0S6_WzA2Mj', session_state: common.sid },
    },
  };
}

/**
 * Auth0: access tokens for an API typed JWT with azp and scope, the API and /userinfo as
 * audiences and roles in a namespaced claim (from an Action); the ID token is for the client and
 * carries nonce and sid. With the "RFC 9068" access token profile, typ is at+jwt and client_id
 * replaces azp (the variant).
 */
export function auth0Tokens(issuer: string, person: Person): SignInTokens {
  const now = seconds();
  const roles = 'https://telemetry.local/roles';
  const access = {
    iss: issuer,
    sub: person.sub,
    aud: [API, `${issuer}userinfo`],
    iat: now,
    exp: now + 86_400,
    scope: 'openid profile email',
    azp: 'Xq8bZ2kR4mN7pL1vT6yW3sD9',
    [roles]: person.roles,
    // Auth0 puts profile claims into access tokens only through an Action; these tokens do.
    'https://telemetry.local/username': person.username,
  };
  return {
    provider: 'Auth0',
    rolesClaim: roles,
    clientId: 'Xq8bZ2kR4mN7pL1vT6yW3sD9',
    access: { typ: 'JWT', payload: access },
    id: {
      typ: 'JWT',
      payload: {
        nickname: person.username,
        name: person.name,
        picture: 'https://s.gravatar.com/avatar/0?s=480',
        updated_at: new Date().toISOString(),
        email: person.email,
        email_verified: true,
        iss: issuer,
        aud: 'Xq8bZ2kR4mN7pL1vT6yW3sD9',
        sub: person.sub,
        iat: now,
        exp: now + 36_000,
        sid: 'qH3rYk9sVb2NpX7wZcL1mT5d',
        nonce: 'bXlOb25jZQ',
      },
    },
    variant: {
      name: 'Auth0 with the RFC 9068 access token profile',
      typ: 'at+jwt',
      payload: { ...access, azp: undefined, client_id: 'Xq8bZ2kR4mN7pL1vT6yW3sD9', jti: 'a1b2' },
    },
  };
}

/**
 * Microsoft Entra ID, v2 access tokens for an API registered in the tenant: typed JWT, `aud` the
 * API's application (client) ID, the console's client in `azp`, delegated scopes in `scp`, app
 * roles as an array in `roles`, and `oid`/`tid`/`ver`. The console asks for the API with a scope
 * (api://<API id>/Telemetry.Read), not with `audience` or `resource`. The ID token is for the
 * console's client and carries the nonce.
 */
export function entraIdTokens(issuer: string, person: Person): SignInTokens {
  const now = seconds();
  const api = '6e74172b-be56-4843-9ff4-e66a39bb12e3';
  const console = 'b8a4c1d0-3f2e-4a6b-9c8d-7e6f5a4b3c2d';
  const common = {
    iss: issuer,
    iat: now,
    nbf: now,
    exp: now + 3900,
    name: person.name,
    oid: '00000000-0000-0000-66f3-3332eca7ea81',
    preferred_username: person.email,
    rh: '0.AVMA2ItzFcpDYkCSYKtwrEzCkG...',
    sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
    tid: '9122040d-6c67-4c5b-b112-36a304b66dad',
    ver: '2.0',
    roles: person.roles,
  };
  return {
    provider: 'Microsoft Entra ID',
    rolesClaim: 'roles',
    clientId: console,
    env: {
      AUTH_AUDIENCE: api,
      AUTH_EXTERNAL_AUDIENCE_PARAM: 'off',
      AUTH_EXTERNAL_SCOPE: `openid profile email offline_access api://${api}/Telemetry.Read`,
    },
    access: {
      typ: 'JWT',
      payload: {
        ...common,
        aud: api,
        aio: 'AXQAi/8UAAAAr...',
        azp: console,
        azpacr: '0',
        scp: 'Telemetry.Read',
        uti: 'AbCdEf123456',
      },
    },
    id: {
      typ: 'JWT',
      payload: { ...common, aud: console, email: person.email, nonce: 'bm9uY2UtZW50cmE' },
    },
  };
}

/**
 * Google: access tokens are opaque (ya29.…) and for Google's APIs; Google has no RFC 7662
 * endpoint, and its tokeninfo endpoint answers the token's azp, aud (both the console's client),
 * sub, scope, email and exp (as strings). There are no roles: a role map on `email` names who gets
 * which set. The ID token is a JWT for the same client, with at_hash and the nonce.
 */
export function googleTokens(issuer: string, person: Person): SignInTokens {
  const now = seconds();
  const client = '407408718192-5fn0bbafm2qo7r3e1n5cq7gppmt2jm9a.apps.googleusercontent.com';
  return {
    provider: 'Google',
    rolesClaim: 'email',
    clientId: client,
    env: {
      AUTH_AUDIENCE: client,
      AUTH_EXTERNAL_AUDIENCE_PARAM: 'off',
      AUTH_EXTERNAL_INTROSPECTION_URL: `${issuer}tokeninfo`,
      AUTH_EXTERNAL_ROLE_MAP: `${person.email}=demo-fleet`,
    },
    access: {
      prefix: 'ya29.',
      introspected: {
        azp: client,
        aud: client,
        sub: '110169484474386276334',
        scope: 'openid https://www.googleapis.com/auth/userinfo.email',
        exp: String(now + 3599),
        expires_in: '3599',
        email: person.email,
        email_verified: 'true',
        access_type: 'online',
      },
    },
    id: {
      typ: 'JWT',
      payload: {
        iss: issuer,
        azp: client,
        aud: client,
        sub: '110169484474386276334',
        email: person.email,
        email_verified: true,
        at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q',
        nonce: 'bm9uY2UtZ29vZ2xl',
        name: person.name,
        picture: 'https://lh3.googleusercontent.com/a/default-user',
        iat: now,
        exp: now + 3600,
      },
    },
  };
}
