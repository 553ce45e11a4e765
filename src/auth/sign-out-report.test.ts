import { describe, expect, it } from 'vitest';
import { describeSignOut } from './sign-out-report.ts';
import { refusalAdvice } from './refusal-advice.ts';

const at = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe('what a sign-out could not end', () => {
  it('says nothing when everything ended', () => {
    expect(
      describeSignOut(
        { refreshToken: 'revoked', providerSession: 'ended', accessTokenExpiresAt: 1_900_000_000 },
        at,
      ),
    ).toEqual([]);
  });

  it('names the refresh token a provider cannot revoke, and when the access token stops', () => {
    const lines = describeSignOut(
      {
        refreshToken: 'not-revocable',
        providerSession: 'ended',
        accessTokenExpiresAt: 1_900_000_000,
      },
      at,
    );
    expect(lines).toEqual([
      expect.stringContaining('offers no way to revoke tokens'),
      'The last access token is checked by its signature alone and works until 17:46; this browser has forgotten it.',
    ]);
  });

  it('says the provider session lives on when it cannot be ended', () => {
    expect(
      describeSignOut(
        { refreshToken: 'none', providerSession: 'no-sign-out', accessTokenExpiresAt: null },
        at,
      ),
    ).toEqual([expect.stringContaining('you are still signed in there')]);
  });
});

describe('advice when the cloud refuses fresh tokens', () => {
  const settings = {
    authority: 'https://sso.example',
    clientId: 'telemetry-console',
    audience: 'https://api.telemetry.local',
    scope: 'openid',
  };
  it('tells the operator to add the audience at the provider or change AUTH_AUDIENCE', () => {
    expect(refusalAdvice('The token is for another audience (x), not y.', settings)).toBe(
      'The console asks the sign-in service for the audience https://api.telemetry.local; a ' +
        'service that ignores that parameter must be configured to add the API’s audience to the ' +
        'access tokens of the client telemetry-console (LemonLDAP::NG: additional audiences; ' +
        'Keycloak: an audience mapper; Auth0: an API with that identifier). A service that ' +
        'follows RFC 8707 gives its tokens the audience of the resource the console asks for: ' +
        'set the cloud’s AUTH_EXTERNAL_RESOURCE to the API’s audience. Or the cloud’s ' +
        'AUTH_AUDIENCE must name the audience those tokens carry.',
    );
  });
  it('points at the token format and the issuer', () => {
    expect(refusalAdvice('The token is an ID token (it carries at_hash)…', settings)).toContain(
      'JWT access tokens',
    );
    expect(
      refusalAdvice(
        'The token comes from an identity provider this cloud does not trust.',
        settings,
      ),
    ).toContain('AUTH_EXTERNAL_ISSUER');
  });
});
