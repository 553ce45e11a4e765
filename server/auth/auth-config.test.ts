import { describe, expect, it } from 'vitest';
import { authConfigFromEnv, parseRoleMap } from './auth-config.ts';

describe('identity settings from the environment', () => {
  it('defaults to the built-in provider for the console on PUBLIC_URL', () => {
    expect(authConfigFromEnv({}, 'http://localhost:5173')).toEqual({
      audience: 'https://api.telemetry.local',
      accessTokenTtl: 900,
      consoleRedirectUris: ['http://localhost:5173/callback'],
      consoleLogoutUris: ['http://localhost:5173/'],
      machineSecret: null,
      external: null,
      clockToleranceSeconds: null,
    });
  });

  it('takes lists of exact redirect URIs and refuses relative ones', () => {
    const env = {
      AUTH_CONSOLE_REDIRECT_URIS: 'http://a.example/callback, http://b.example/callback',
    };
    expect(authConfigFromEnv(env, 'http://x').consoleRedirectUris).toEqual([
      'http://a.example/callback',
      'http://b.example/callback',
    ]);
    expect(() =>
      authConfigFromEnv({ AUTH_CONSOLE_REDIRECT_URIS: '/callback' }, 'http://x'),
    ).toThrow('AUTH_CONSOLE_REDIRECT_URIS: "/callback" is not an absolute URL');
    expect(() => authConfigFromEnv({ AUTH_ACCESS_TOKEN_TTL: '15m' }, 'http://x')).toThrow(
      'AUTH_ACCESS_TOKEN_TTL',
    );
  });

  it('configures an outside identity provider', () => {
    const config = authConfigFromEnv(
      {
        AUTH_EXTERNAL_ISSUER: 'https://example.eu.auth0.com/',
        AUTH_EXTERNAL_TENANT: 'acme',
        AUTH_EXTERNAL_ROLES_CLAIM: 'https://telemetry.local/roles',
        AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet, Admins=demo-admin,Admins=acme-admin',
      },
      'http://x',
    );
    expect(config.external).toEqual({
      issuer: 'https://example.eu.auth0.com/',
      tenant: 'acme',
      rolesClaim: 'https://telemetry.local/roles',
      roleMap: { 'Fleet managers': ['demo-fleet'], Admins: ['demo-admin', 'acme-admin'] },
      tokenTypes: ['at+jwt', 'JWT'],
      clientId: null,
      scope: 'openid profile email',
      resource: null,
      audienceParam: 'https://api.telemetry.local',
      clientIds: ['console'],
      introspection: null,
    });
    expect(() =>
      authConfigFromEnv({ AUTH_EXTERNAL_ISSUER: 'https://example.eu.auth0.com/' }, 'http://x'),
    ).toThrow('AUTH_EXTERNAL_TENANT');
  });

  it('takes the console client and its scope, with offline_access only when asked for', () => {
    const config = authConfigFromEnv(
      {
        AUTH_EXTERNAL_ISSUER: 'https://sso.example',
        AUTH_EXTERNAL_TENANT: 'demo',
        AUTH_EXTERNAL_CLIENT_ID: 'telemetry-console',
        AUTH_EXTERNAL_SCOPE: 'openid  profile email offline_access',
      },
      'http://x',
    );
    expect(config.external).toMatchObject({
      clientId: 'telemetry-console',
      scope: 'openid profile email offline_access',
    });
  });

  it('refuses to start with an audience that is a list of scopes, saying why', () => {
    const outside = { AUTH_EXTERNAL_ISSUER: 'https://sso.example', AUTH_EXTERNAL_TENANT: 'demo' };
    for (const audience of ['openid profile email', 'openid']) {
      expect(() => authConfigFromEnv({ ...outside, AUTH_AUDIENCE: audience }, 'http://x')).toThrow(
        `AUTH_AUDIENCE "${audience}" looks like a list of scopes, not an API identifier. A ` +
          'provider that writes the granted scopes into aud writes the same aud for every one of ' +
          'its clients',
      );
    }
    expect(() =>
      authConfigFromEnv({ ...outside, AUTH_EXTERNAL_AUDIENCE_PARAM: 'profile email' }, 'http://x'),
    ).toThrow('AUTH_EXTERNAL_AUDIENCE_PARAM "profile email" looks like a list of scopes');
  });

  it('sends a resource indicator instead of audience when one is configured (RFC 8707)', () => {
    const outside = { AUTH_EXTERNAL_ISSUER: 'https://sso.example', AUTH_EXTERNAL_TENANT: 'demo' };
    const config = authConfigFromEnv(
      { ...outside, AUTH_EXTERNAL_RESOURCE: 'https://api.fleet.example/' },
      'http://x',
    );
    expect(config.audience).toBe('https://api.fleet.example/');
    expect(config.external).toMatchObject({
      resource: 'https://api.fleet.example/',
      audienceParam: null,
    });
    const both = authConfigFromEnv(
      {
        ...outside,
        AUTH_EXTERNAL_RESOURCE: 'https://api.fleet.example/',
        AUTH_EXTERNAL_AUDIENCE_PARAM: 'fleet-api',
        AUTH_EXTERNAL_CLIENT_IDS: 'console-spa, nightly-report',
      },
      'http://x',
    );
    expect(both.external).toMatchObject({
      audienceParam: 'fleet-api',
      clientIds: ['console-spa', 'nightly-report'],
    });
    const off = authConfigFromEnv({ ...outside, AUTH_EXTERNAL_AUDIENCE_PARAM: 'off' }, 'http://x');
    expect(off.external?.audienceParam).toBeNull();
    expect(() =>
      authConfigFromEnv({ ...outside, AUTH_EXTERNAL_RESOURCE: 'fleet-api' }, 'http://x'),
    ).toThrow('AUTH_EXTERNAL_RESOURCE: "fleet-api" is not an absolute URI (RFC 8707)');
  });

  it('takes the clock tolerance and introspection client, and says what is missing', () => {
    expect(
      authConfigFromEnv({ AUTH_CLOCK_TOLERANCE_S: '10' }, 'http://x').clockToleranceSeconds,
    ).toBe(10);
    expect(() => authConfigFromEnv({ AUTH_CLOCK_TOLERANCE_S: '1m' }, 'http://x')).toThrow(
      'AUTH_CLOCK_TOLERANCE_S must be a number of seconds',
    );
    const outside = { AUTH_EXTERNAL_ISSUER: 'https://sso.example', AUTH_EXTERNAL_TENANT: 'demo' };
    expect(() =>
      authConfigFromEnv(
        { ...outside, AUTH_EXTERNAL_INTROSPECTION_URL: 'https://sso.example/oauth2/introspect' },
        'http://x',
      ),
    ).toThrow('AUTH_EXTERNAL_INTROSPECTION_URL needs a confidential client of the provider');
    const google = authConfigFromEnv(
      { ...outside, AUTH_EXTERNAL_INTROSPECTION_URL: 'https://oauth2.googleapis.com/tokeninfo' },
      'http://x',
    );
    expect(google.external?.introspection).toEqual({
      url: 'https://oauth2.googleapis.com/tokeninfo',
      clientId: '',
      clientSecret: '',
    });
  });

  it('says which role mapping entry it cannot read', () => {
    expect(() => parseRoleMap('admins')).toThrow('"admins" is not claimValue=permissionSet');
    expect(() => parseRoleMap('=demo-admin')).toThrow('is not claimValue=permissionSet');
  });
});
