import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, type SessionAuthenticator } from '../../auth/auth-context.ts';
import { BasicAuthenticator } from '../../auth/basic.ts';
import { OidcAuthenticator } from '../../auth/oidc.ts';
import { saveSignOutReport } from '../../auth/sign-out-report.ts';
import { ConfigContext } from '../../config/config-context.ts';
import type { ConsoleConfig } from '../../config/config.ts';
import { fakeCloud, json } from '../../test/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

const oidcSettings = {
  authority: 'https://sso.example',
  clientId: 'telemetry-console',
  audience: 'https://api.telemetry.local',
  scope: 'openid profile email',
};
const oidcConfig: ConsoleConfig = {
  apiBaseUrl: 'https://cloud.example',
  authMode: 'oidc',
  oidc: oidcSettings,
  mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
  mapAttribution: undefined,
};

async function renderSignIn(
  authenticator: SessionAuthenticator = new BasicAuthenticator(),
  config: ConsoleConfig = { ...oidcConfig, authMode: 'basic', oidc: null },
) {
  if (authenticator.mode === 'basic') await authenticator.restore();
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/channels', element: <h1>Channels page</h1> },
    ],
    { initialEntries: ['/sign-in?returnTo=%2Fchannels'] },
  );
  render(
    <MantineProvider env="test">
      <ConfigContext.Provider value={config}>
        <AuthContext.Provider value={authenticator}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ConfigContext.Provider>
    </MantineProvider>,
  );
  return authenticator;
}

describe('SignInPage (Basic)', () => {
  it('says so when the password is wrong, and keeps nothing', async () => {
    fakeCloud(() =>
      json({ status: 'UNAUTHORIZED', message: 'Unknown user or wrong password.' }, 401),
    );
    const authenticator = await renderSignIn();
    await userEvent.type(await screen.findByRole('textbox', { name: 'User name' }), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong user name or password.')).toBeVisible();
    expect(await authenticator.authorization()).toBeNull();
  });

  it('signs in and goes back to the page the person asked for', async () => {
    const calls = fakeCloud(() =>
      json({ sub: 'u', username: 'admin', name: 'Ada Admin', email: 'a@x', permissions: {} }),
    );
    const authenticator = await renderSignIn();
    await userEvent.type(await screen.findByRole('textbox', { name: 'User name' }), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'demo-admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Channels page' })).toBeVisible();
    expect(await authenticator.authorization()).toBe(`Basic ${btoa('admin:demo-admin')}`);
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe(
      `Basic ${btoa('admin:demo-admin')}`,
    );
  });
});

describe('SignInPage (OIDC)', () => {
  const oidc = () =>
    new OidcAuthenticator(oidcSettings, 'https://console.example', {} as UserManager);

  it('shows why the cloud refused a fresh sign-in, and what must be configured', async () => {
    const authenticator = oidc();
    const reason =
      'The token is for another audience (telemetry-console), not https://api.telemetry.local.';
    authenticator.store.set({ status: 'signed-out', expired: false, refusal: reason });
    await renderSignIn(authenticator, oidcConfig);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The cloud refuses the tokens of this sign-in');
    expect(alert).toHaveTextContent(`The cloud answered: “${reason}”`);
    expect(alert).toHaveTextContent('AUTH_AUDIENCE');
    expect(screen.queryByText('Your session has ended')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says once what signing out could not end', async () => {
    saveSignOutReport({
      refreshToken: 'not-revocable',
      providerSession: 'ended',
      accessTokenExpiresAt: null,
    });
    const authenticator = oidc();
    authenticator.store.set({ status: 'signed-out', expired: false });
    await renderSignIn(authenticator, oidcConfig);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Signed out of the console, with exceptions');
    expect(notice).toHaveTextContent('offers no way to revoke tokens');
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('SignInPage (OIDC): every failure named for what it is (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Sign in, with the provider's discovery failing as `failure` and the no-cors probe as `probe`. */
  async function signInFailing(failure: unknown, probe: 'answers' | 'fails' = 'fails') {
    vi.stubGlobal('fetch', async () => {
      if (probe === 'fails') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    });
    const manager = {
      signinRedirect: async () => {
        throw failure;
      },
    } as unknown as UserManager;
    const authenticator = new OidcAuthenticator(oidcSettings, 'https://console.example', manager);
    authenticator.store.set({ status: 'signed-out', expired: false });
    await renderSignIn(authenticator, oidcConfig);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    return screen.findByRole('alert');
  }

  it('a provider that does not answer: down, not the cloud', async () => {
    const alert = await signInFailing(new TypeError('Failed to fetch'));
    expect(alert).toHaveTextContent('The sign-in service cannot be reached');
    expect(alert).toHaveTextContent(
      'The sign-in service at https://sso.example does not answer: it is down, this device has ' +
        'no network, or config.json’s authority names the wrong address.',
    );
    expect(alert).not.toHaveTextContent(/cloud/i);
  });

  it('a provider that comes back: Sign in offered again within seconds, without a reload (issue 34)', async () => {
    const alert = await signInFailing(new TypeError('Failed to fetch'));
    expect(alert).toHaveTextContent('The sign-in service cannot be reached');
    // The provider answers again: its discovery document, readable by this console.
    vi.stubGlobal('fetch', async () => Response.json({ issuer: 'https://sso.example' }));
    const back = await screen.findByRole('status', {}, { timeout: 5_000 });
    expect(back).toHaveTextContent('The sign-in service answers again');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('a failed fetch the probe got an opaque answer for: cannot be reached first, CORS second', async () => {
    // A proxy's 502 without CORS headers and a provider that does not allow this origin look
    // alike to the browser; the first is what a person meets most (issue 34).
    const alert = await signInFailing(new TypeError('Failed to fetch'), 'answers');
    expect(alert).toHaveTextContent('The sign-in service cannot be reached');
    expect(alert).not.toHaveTextContent('refused');
    expect(alert).toHaveTextContent(
      'The sign-in service at https://sso.example gave no answer this console may read. Most ' +
        'likely it is down or starting, and a proxy in front of it answers with an error page',
    );
    expect(alert).toHaveTextContent(
      'If it lasts while the service is up, the service does not let this console ' +
        '(https://console.example) read its answers (CORS)',
    );
  });

  it('a proxy in front of the provider answering 502: an HTTP error, not CORS', async () => {
    const alert = await signInFailing(new Error('Bad Gateway (502)'));
    expect(alert).toHaveTextContent('The sign-in service answered with an error');
    expect(alert).toHaveTextContent(
      'The sign-in service at https://sso.example answered HTTP 502. That comes from a proxy or ' +
        'gateway in front of it that cannot reach it',
    );
    expect(alert).not.toHaveTextContent('CORS');
  });

  it('an authority that is not an OpenID provider', async () => {
    const alert = await signInFailing(
      new Error('Invalid response Content-Type: text/html, from URL: https://sso.example/x'),
    );
    expect(alert).toHaveTextContent('The sign-in service’s answer is not an OpenID configuration');
    expect(alert).toHaveTextContent('config.json’s authority is not an OpenID provider’s issuer');
  });

  it('a provider that refuses the request, with what its operator must allow', async () => {
    const refused = Object.assign(new Error('code challenge required'), {
      name: 'ErrorResponse',
      error: 'invalid_request',
    });
    const alert = await signInFailing(refused);
    expect(alert).toHaveTextContent('The sign-in service refused');
    expect(alert).toHaveTextContent(
      'The client telemetry-console must accept PKCE with S256 at the sign-in service.',
    );
  });

  it('an opaque access token refused by the cloud: what to configure at the provider', async () => {
    const authenticator = new OidcAuthenticator(
      oidcSettings,
      'https://console.example',
      {} as UserManager,
    );
    authenticator.store.set({
      status: 'signed-out',
      expired: false,
      refusal: 'The bearer token is opaque, not a JSON Web Token: …',
    });
    await renderSignIn(authenticator, oidcConfig);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The sign-in service issues opaque access tokens to the client telemetry-console. It must ' +
        'issue JWT access tokens for the API',
    );
  });

  it('a token of another client refused by the cloud: AUTH_EXTERNAL_CLIENT_IDS', async () => {
    const authenticator = new OidcAuthenticator(
      oidcSettings,
      'https://console.example',
      {} as UserManager,
    );
    authenticator.store.set({
      status: 'signed-out',
      expired: false,
      refusal: 'The token was issued to the client other, which this cloud does not serve.',
    });
    await renderSignIn(authenticator, oidcConfig);
    expect(screen.getByRole('alert')).toHaveTextContent('AUTH_EXTERNAL_CLIENT_IDS must list it');
  });

  it.each([
    ['needs-client-auth', 'the sign-in service requires client authentication to revoke'],
    ['not-revoked', 'could not be revoked (the sign-in service did not answer)'],
  ] as const)('sign-out whose revocation failed as %s says so', async (refreshToken, words) => {
    saveSignOutReport({ refreshToken, providerSession: 'ended', accessTokenExpiresAt: null });
    const authenticator = new OidcAuthenticator(
      oidcSettings,
      'https://console.example',
      {} as UserManager,
    );
    authenticator.store.set({ status: 'signed-out', expired: false });
    await renderSignIn(authenticator, oidcConfig);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(words);
  });
});
