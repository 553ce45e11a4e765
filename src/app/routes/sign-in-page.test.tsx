import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext } from '../../auth/auth-context.ts';
import { BasicAuthenticator } from '../../auth/basic.ts';
import { fakeCloud, json } from '../../test/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

async function renderSignIn() {
  const authenticator = new BasicAuthenticator();
  await authenticator.restore();
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/channels', element: <h1>Channels page</h1> },
    ],
    { initialEntries: ['/sign-in?returnTo=%2Fchannels'] },
  );
  render(
    <MantineProvider env="test">
      <AuthContext.Provider value={authenticator}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
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
