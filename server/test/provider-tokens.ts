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
  access: { typ: string; payload: JWTPayload };
  id: { typ: string; payload: JWTPayload };
  /** Another access token the provider writes in another configuration or version. */
  variant?: { name: string; typ: string; payload: JWTPayload };
}

export interface Person {
  sub: string;
  username: string;
  name: string;
  email: string;
  roles: string[];
}

const API = 'https://api.telemetry.local';
const CLIENT = 'telemetry-console';
const seconds = () => Math.floor(Date.now() / 1000);

/**
 * LemonLDAP::NG 2.16 (Lib/OpenIDConnect.pm makeJWT, Issuer/OpenIDConnect.pm _generateIDToken):
 * both typed JWT; the RP's "additional audiences" go into both, so the ID token names the API
 * too; the access token carries client_id, scope and jti, and the person's claims when "release
 * claims in access token" is on; the ID token carries azp, acr, auth_time and at_hash.
 */
export function lemonLdapTokens(issuer: string, person: Person): SignInTokens {
  const now = seconds();
  const aud = [CLIENT, API];
  const claims = {
    sub: person.username,
    name: person.name,
    email: person.email,
    preferred_username: person.username,
    roles: person.roles,
  };
  return {
    provider: 'LemonLDAP::NG',
    rolesClaim: 'roles',
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
      },
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
