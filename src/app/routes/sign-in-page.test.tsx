import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserManager } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
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
    await userEvent.type(screen.getByRole('textbox', { name: 'User name' }), 'admin');
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
    await userEvent.type(screen.getByRole('textbox', { name: 'User name' }), 'admin');
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
