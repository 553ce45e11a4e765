// @vitest-environment jsdom
import type { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { OidcAuthenticator } from './oidc.ts';
import { readSignOutReport, revocationFailure } from './sign-out-report.ts';

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
  it('says the service cannot be reached, or does not allow this origin (CORS), and what to register', async () => {
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
      kind: 'cors',
      message: expect.stringContaining(
        'the service does not let this console (https://console.example) read its answers ' +
          '(CORS): its operator must allow this origin for the client telemetry-console: ' +
          'redirect URI https://console.example/callback, and https://console.example where it ' +
          'lists allowed (CORS) origins.',
      ),
    });
    expect(probes).toEqual(['no-cors https://sso.example/.well-known/openid-configuration']);
  });
});

describe('OidcAuthenticator: nonce and profile (issue 21)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('sends a fresh nonce with every sign-in, which the library then checks in the ID token', async () => {
    const manager = fakeManager();
    const signinRedirect = vi.fn(async () => undefined);
    Object.assign(manager, { signinRedirect });
    const auth = signInWith(manager);
    await auth.signIn('/channels');
    await auth.signIn('/channels');
    const nonces = signinRedirect.mock.calls.map((call) => {
      const [args] = call as unknown as [{ nonce?: string }];
      return args.nonce;
    });
    expect(nonces[0]).toMatch(/^[\w-]{32}$/);
    expect(nonces[1]).toMatch(/^[\w-]{32}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('completes the profile from the provider’s userinfo endpoint for the same sub, once', async () => {
    const manager = fakeManager();
    Object.assign(manager.metadataService, {
      getUserInfoEndpoint: async () => 'https://sso.example/userinfo',
    });
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      requests.push(`${input} ${new Headers(init.headers).get('authorization')}`);
      return Response.json({
        sub: 's',
        name: 'Dana Directory',
        email: 'dana@customer.example',
        picture: 'https://pics.example/dana.png',
      });
    });
    const auth = signInWith(manager);
    await auth.completeSignIn('https://console.example/callback?code=c&state=s');
    expect(requests).toEqual(['https://sso.example/userinfo Bearer access-1']);
    expect(auth.takeSignInProfile()).toEqual({
      name: 'Dana Directory',
      email: 'dana@customer.example',
      picture: 'https://pics.example/dana.png',
    });
    expect(auth.takeSignInProfile()).toBeNull();
  });

  it('ignores a userinfo answer about someone else', async () => {
    const manager = fakeManager();
    Object.assign(manager.metadataService, {
      getUserInfoEndpoint: async () => 'https://sso.example/userinfo',
    });
    vi.stubGlobal('fetch', async () => Response.json({ sub: 'other', name: 'Mallory' }));
    const auth = signInWith(manager);
    await auth.completeSignIn('https://console.example/callback?code=c&state=s');
    expect(auth.takeSignInProfile()).toEqual({});
  });
});

describe('OidcAuthenticator: signing out', () => {
  it('says the refresh token was not revoked when the provider offers no revocation', async () => {
    const manager = fakeManager();
    manager.store(user('access-1'));
    const auth = signInWith(manager);
    await auth.signOut();
    expect(manager.revokeTokens).not.toHaveBeenCalled();
    // With state: some providers send the browser back to post_logout_redirect_uri only then.
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-token',
      extraQueryParams: {},
      state: { signedOut: true },
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

describe('why a revocation failed', () => {
  it('tells a provider that requires client authentication from one that did not answer', () => {
    const invalidClient = Object.assign(new Error('client authentication failed'), {
      name: 'ErrorResponse',
      error: 'invalid_client',
    });
    expect(revocationFailure(invalidClient)).toBe('needs-client-auth');
    expect(revocationFailure(new Error('Unauthorized (401)'))).toBe('needs-client-auth');
    expect(revocationFailure(new TypeError('Failed to fetch'))).toBe('not-revoked');
    expect(revocationFailure(new Error('Bad Request (400): {}'))).toBe('refused');
  });
});
