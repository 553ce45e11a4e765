import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  fillLoginPage,
  signIn,
  signOut,
  storedSession,
  type DemoUser,
} from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Sign-in with OpenID Connect, the console's default (public/config.json): the console sends the
// person to the cloud's login page and back, with authorization code + PKCE.

async function startSignIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'Telemetry Console', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/interaction\//);
}

test('a deep link before sign-in goes through the login page and back to the same page; a reload keeps the person signed in', async ({
  page,
}) => {
  await page.goto(paths.channels.href({ type: 'GROUP', q: 'vans' }));
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/);
  await expectAccessible(page);
  await startSignIn(page);

  await fillLoginPage(page, 'admin', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await fillLoginPage(page, 'admin');

  await expect(page).toHaveURL(/\/channels\?type=GROUP&q=vans$/);
  await expect(page.getByRole('textbox', { name: 'Filter by name' })).toHaveValue('vans');
  const table = page.getByRole('table', { name: 'Channels' });
  await expect(table.getByRole('link', { name: 'Vans Westpoort' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Cold chain' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Signed-in user' })).toContainText('Ada Admin');
  await expectAccessible(page);

  await page.reload();
  await expect(table.getByRole('link', { name: 'Vans Westpoort' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

for (const [user, name, tenants] of [
  ['fleet', 'Finn Fleet', 'fleet · tenant demo'],
  ['support', 'Sam Support', 'support · tenant demo'],
] as [DemoUser, string, string][]) {
  test(`${user} signs in through the login page and sees who they are`, async ({ page }) => {
    await page.goto(paths.permissions.href());
    await startSignIn(page);
    await fillLoginPage(page, user);
    await expect(page).toHaveURL(/\/permissions$/);
    const panel = page.getByRole('region', { name: 'Signed-in user' });
    await expect(panel).toContainText(name);
    await expect(panel).toContainText(tenants);
    await expect(page.getByRole('table', { name: 'Permissions in tenant demo' })).toBeVisible();
  });
}

test('signing out ends the session at the provider: the password is asked again and the old refresh token is dead', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin', paths.groups.href());
  const session = await storedSession(page);
  expect(session?.refresh_token).toBeTruthy();

  await signOut(page);
  expect(await storedSession(page)).toBeNull();
  // The provider forgot the person: opening the console and signing in shows the login page.
  await page.goto(paths.nodes.href());
  await startSignIn(page);
  await expectAccessible(page);

  const refresh = await request.post('/auth/oauth/token', {
    form: {
      grant_type: 'refresh_token',
      client_id: 'console',
      refresh_token: session?.refresh_token ?? '',
    },
  });
  expect(refresh.status()).toBe(400);
  expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });

  await fillLoginPage(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Nodes', level: 1 })).toBeVisible();
});

test('cancelling on the login page comes back to the console, which says so and offers to try again', async ({
  page,
}) => {
  await page.goto(paths.groups.href());
  await startSignIn(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('Signing in was cancelled.');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Try again' }).click();
  await startSignIn(page);
});
