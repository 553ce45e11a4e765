// @vitest-environment jsdom
import type { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { OidcAuthenticator } from './oidc.ts';
import { readSignOutReport } from './sign-out-report.ts';

const settings = {
  authority: 'https://sso.example',
  clientId: 'telemetry-console',
  audience: 'https://api.telemetry.local',
  scope: 'openid profile email',
};

function user(accessToken: string, refreshToken: string | undefined = 'refresh-1'): User {
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    id_token: 'id-token',
    expires_in: 600,
    expires_at: Math.floor(Date.now() / 1000) + 600,
    profile: { sub: 's', preferred_username: 'dwho' },
    state: { returnTo: '/channels' },
  } as unknown as User;
}

/** A UserManager as far as the console drives it, with a provider's metadata. */
function fakeManager(metadata: Record<string, string> = {}) {
  let stored: User | null = null;
  const manager = {
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => {
      stored = null;
    }),
    signinRedirectCallback: vi.fn(async () => (stored = user('access-1'))),
    signinSilent: vi.fn(async () => (stored = user('access-2', 'refresh-2'))),
    revokeTokens: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    metadataService: {
      getMetadata: vi.fn(async () => ({
        issuer: 'https://sso.example',
        end_session_endpoint: 'https://sso.example/logout',
        ...metadata,
      })),
    },
    store: (next: User | null) => {
      stored = next;
    },
  };
  return manager;
}

const signInWith = (manager: ReturnType<typeof fakeManager>) =>
  new OidcAuthenticator(settings, 'https://console.example', manager as unknown as UserManager);

const refusal = new ApiError(
  401,
  'UNAUTHORIZED',
  'The token is for another audience (telemetry-console), not https://api.telemetry.local.',
);

afterEach(() => window.sessionStorage.clear());

describe('OidcAuthenticator: a token the cloud refuses', () => {
  it('ends a fresh sign-in with the cloud’s reason instead of refreshing or looping', async () => {
    const manager = fakeManager();
    const auth = signInWith(manager);
    expect(await auth.completeSignIn('https://console.example/callback?code=c&state=s')).toBe(
      '/channels',
    );
    expect(await auth.handleUnauthorized('Bearer access-1', refusal)).toBe(false);
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(auth.store.get()).toEqual({
      status: 'signed-out',
      expired: false,
      refusal: refusal.message,
    });
  });

  it('refreshes an older token once, and stops with the reason when the new one is refused too', async () => {
    const manager = fakeManager();
    manager.store(user('access-1'));
    const auth = signInWith(manager);
    auth.store.set({ status: 'signed-in', username: 'dwho' });
    // A token from before this page loaded (or another tab's) may have been revoked: refresh.
    expect(await auth.handleUnauthorized('Bearer access-1', refusal)).toBe(true);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(await auth.handleUnauthorized('Bearer access-2', refusal)).toBe(false);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(auth.store.get()).toMatchObject({ status: 'signed-out', refusal: refusal.message });
  });
});

describe('OidcAuthenticator: a sign-in service the browser refuses', () => {
  it('says the service answered but does not allow this origin (CORS), and what to register', async () => {
    const manager = fakeManager();
    const signinRedirect = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    Object.assign(manager, { signinRedirect });
    const probes: string[] = [];
    globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
      probes.push(`${init.mode} ${String(input)}`);
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const failure = await signInWith(manager)
      .signIn('/channels')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'BLOCKED',
      message:
        'The sign-in service at https://sso.example answered, but does not let this console ' +
        '(https://console.example) read its answers (CORS). Its operator must allow this origin ' +
        'for the client telemetry-console: redirect URI https://console.example/callback, and ' +
        'https://console.example where it lists allowed (CORS) origins.',
    });
    expect(probes).toEqual(['no-cors https://sso.example/.well-known/openid-configuration']);
  });
});

describe('OidcAuthenticator: signing out', () => {
  it('says the refresh token was not revoked when the provider offers no revocation', async () => {
    const manager = fakeManager();
    manager.store(user('access-1'));
    const auth = signInWith(manager);
    await auth.signOut();
    expect(manager.revokeTokens).not.toHaveBeenCalled();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-token',
      extraQueryParams: {},
    });
    expect(readSignOutReport()).toMatchObject({
      refreshToken: 'not-revocable',
      providerSession: 'ended',
    });
  });

  it('revokes where it can, and reports a provider without sign-out', async () => {
    const manager = fakeManager({ revocation_endpoint: 'https://sso.example/revoke' });
    manager.metadataService.getMetadata.mockResolvedValue({
      issuer: 'https://sso.example',
      revocation_endpoint: 'https://sso.example/revoke',
    } as never);
    manager.store(user('access-1'));
    const auth = signInWith(manager);
    await auth.signOut();
    expect(manager.revokeTokens).toHaveBeenCalledWith(['refresh_token']);
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(readSignOutReport()).toMatchObject({
      refreshToken: 'revoked',
      providerSession: 'no-sign-out',
    });
    expect(auth.store.get()).toEqual({ status: 'signed-out', expired: false });
  });

  it('says when revoking failed', async () => {
    const manager = fakeManager({ revocation_endpoint: 'https://sso.example/revoke' });
    manager.revokeTokens.mockRejectedValue(new TypeError('Failed to fetch'));
    manager.store(user('access-1'));
    const auth = signInWith(manager);
    await auth.signOut();
    expect(readSignOutReport()).toMatchObject({ refreshToken: 'not-revoked' });
  });
});
