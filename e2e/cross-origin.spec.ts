import { expect, test, type Page } from '@playwright/test';
import { consoleSecurityHeaders } from '../server/http/console.ts';
import { expectAccessible, users } from './support.ts';
import { serveStaticConsole, type StaticConsole } from './static-console.ts';

// Issue 10, point 1: the console served from another origin than the cloud. The cloud of
// playwright.config.ts allows E2E_PORT + 2 (CORS_ORIGINS); E2E_PORT + 3 it does not know.
const port = Number(process.env.E2E_PORT ?? 8181);
const cloudOrigin = `http://127.0.0.1:${port}`;
const basicConfig = { apiBaseUrl: cloudOrigin, authMode: 'basic' };
const policy = (connect: string[]) => consoleSecurityHeaders(connect)['content-security-policy'];

let host: StaticConsole | null = null;
test.afterEach(async () => {
  await host?.close();
  host = null;
});

async function signInWithBasic(page: Page, origin: string) {
  await page.goto(`${origin}/channels`);
  await page.getByRole('textbox', { name: 'User name' }).fill('fleet');
  await page.getByRole('textbox', { name: 'Password' }).fill(users.fleet);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a console on an origin in CORS_ORIGINS signs in and works against the cloud', async ({
  page,
}) => {
  host = await serveStaticConsole({
    port: port + 2,
    config: basicConfig,
    csp: policy([cloudOrigin]),
  });
  await signInWithBasic(page, host.origin);
  await expect(page.getByRole('table', { name: 'Channels' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Channels' })
      .getByRole('link', { name: 'Cold chain', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cloud operational' })).toBeVisible();
  expect(page.url().startsWith(host.origin)).toBe(true);
});

test('a console on an origin the cloud does not allow says so, not that the cloud is down', async ({
  page,
}) => {
  host = await serveStaticConsole({
    port: port + 3,
    config: basicConfig,
    csp: policy([cloudOrigin]),
  });
  await signInWithBasic(page, host.origin);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sign-in failed');
  await expect(alert).toContainText(
    `The cloud at ${cloudOrigin} answered, but does not let this console (${host.origin}) read its answers (CORS). Its operator must add this origin to the cloud’s CORS_ORIGINS.`,
  );
  await expect(page.getByText(/cannot be reached/)).toHaveCount(0);
  await expectAccessible(page);
});

test('a console whose policy does not admit the cloud names the policy', async ({ page }) => {
  host = await serveStaticConsole({ port: port + 2, config: basicConfig, csp: policy([]) });
  await signInWithBasic(page, host.origin);
  await expect(page.getByRole('alert')).toContainText(
    `This console’s Content-Security-Policy does not let it connect to ${cloudOrigin}. Whoever serves the console must add ${cloudOrigin} to connect-src.`,
  );
});
