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

  it('says which role mapping entry it cannot read', () => {
    expect(() => parseRoleMap('admins')).toThrow('"admins" is not claimValue=permissionSet');
    expect(() => parseRoleMap('=demo-admin')).toThrow('is not claimValue=permissionSet');
  });
});
