import { describe, expect, it } from 'vitest';
import { describeSignInError, refreshScope, userManagerSettings } from './oidc-settings.ts';

const settings = {
  authority: 'https://console.example.com/auth',
  clientId: 'console',
  audience: 'https://api.telemetry.local',
  scope: 'openid profile email offline_access',
};

function providerError(error: string, description?: string): Error {
  // As oidc-client-ts's ErrorResponse marks itself.
  return Object.assign(new Error(description ?? error), { name: 'ErrorResponse', error });
}

describe('OIDC settings', () => {
  it('signs in with the configured scope and audience and returns to /callback', () => {
    const result = userManagerSettings(settings, 'https://console.example.com', {});
    expect(result).toMatchObject({
      authority: 'https://console.example.com/auth',
      client_id: 'console',
      redirect_uri: 'https://console.example.com/callback',
      post_logout_redirect_uri: 'https://console.example.com/',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      extraQueryParams: { audience: 'https://api.telemetry.local' },
      automaticSilentRenew: false,
      monitorSession: false,
    });
  });

  it('never asks for offline_access when refreshing (the provider refuses it there)', () => {
    expect(refreshScope('openid profile email offline_access')).toBe('openid profile email');
    expect(refreshScope(' offline_access  openid ')).toBe('openid');
    expect(userManagerSettings(settings, 'https://c.example', {}).refreshTokenAllowedScope).toBe(
      'openid profile email',
    );
  });

  it('sends the resource indicator where one is configured (RFC 8707)', () => {
    const result = userManagerSettings(
      { ...settings, audience: undefined, resource: 'https://api.fleet.example/' },
      'https://c',
      {},
    );
    expect(result.resource).toBe('https://api.fleet.example/');
    expect(result.extraQueryParams).toEqual({});
    expect(userManagerSettings(settings, 'https://c', {})).not.toHaveProperty('resource');
  });

  it('sends no audience parameter when none is configured', () => {
    const result = userManagerSettings({ ...settings, audience: undefined }, 'https://c', {});
    expect(result.extraQueryParams).toEqual({});
  });

  it('tells a cancelled sign-in and a used callback address apart from other failures', () => {
    expect(describeSignInError(providerError('access_denied', 'End-User aborted'))).toBe(
      'Signing in was cancelled. Sign in again when you are ready.',
    );
    expect(describeSignInError(new Error('No matching state found in storage'))).toMatch(
      /already completed or has expired/,
    );
    expect(describeSignInError(providerError('server_error', 'Boom'))).toBe('Boom');
  });
});
