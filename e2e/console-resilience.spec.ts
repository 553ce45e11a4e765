import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, useBasicSignIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('when the cloud cannot be reached, a banner says so and Retry recovers', async ({ page }) => {
  await signIn(page, 'admin', paths.channels.href());
  await expect(page.getByRole('table', { name: 'Channels' })).toBeVisible();
  await page.route('**/v1/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('main').getByText('Nodes', { exact: true }).click();
  await expect(
    page.getByText('The cloud cannot be reached. What you see may be out of date'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.unroute('**/v1/**');
  await page.getByRole('button', { name: 'Retry now' }).click();
  await expect(
    page.getByText('The cloud cannot be reached. What you see may be out of date'),
  ).toBeHidden();
});

test('with Basic configured: a wrong password is told apart, the returnTo page follows, a reload asks again', async ({
  page,
}) => {
  await useBasicSignIn(page);
  await page.goto(paths.groups.href());
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fgroups/);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'User name' }).fill('admin');
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong user name or password.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password' }).fill('demo-admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  // Basic credentials live in the tab's memory only.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'User name' })).toBeVisible();
  await signIn(page, 'fleet', paths.permissions.href());
  await expect(page.getByText('fleet · tenant demo')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Telemetry Console' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'User name' })).toBeVisible();
});

test('a wrong runtime configuration shows what to fix', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseUrl: '/', authMode: 'kerberos', colour: 'red' } }),
  );
  await page.goto(paths.home.href());
  await expect(page.getByRole('heading', { name: 'Telemetry Console cannot start' })).toBeVisible();
  await expect(page.getByText(/authMode/)).toBeVisible();
  await expectAccessible(page);
});

test('the console works in the dark theme and on a tablet', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, 'admin', paths.channels.href());
  await expectAccessible(page);
  await page.setViewportSize({ width: 700, height: 1000 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Permissions/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();
  // Below 62em the theme is in the menu (src/app/shell/shell.tsx).
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('button', { name: /Switch to light theme/ }).click();
  // The menu may fold away as the theme changes: the toggle is read wherever it is.
  await expect(
    page.getByRole('button', { name: /Switch to dark theme/, includeHidden: true }),
  ).toBeAttached();
  await expect(page.getByRole('main')).toHaveCSS('color-scheme', 'light');
});
