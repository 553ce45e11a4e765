import { expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths.ts';
import { expectAccessible } from './support.ts';

// The console's sign-in, as oidc-client-ts starts it (a fixed PKCE pair is enough here: the test
// stops at the console's callback and does not redeem the code).
function authorizeUrl(origin: string) {
  const params = new URLSearchParams({
    client_id: 'console',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: `${origin}${paths.callback.href()}`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    audience: 'https://api.telemetry.local',
    state: 'e2e-state',
  });
  return `/auth/authorize?${params}`;
}

test('the login page is accessible, says what went wrong, and signs in', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  await page.goto(authorizeUrl(origin));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page).toHaveTitle(/^Error: Wrong username or password\./);
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await expectAccessible(page);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);

  await page.getByLabel('Password').fill('demo-admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back at the console with a code; what the console does with it is the console's own test.
  await page.waitForURL(
    (url) => url.pathname === paths.callback.pattern && url.searchParams.has('code'),
    {
      waitUntil: 'commit',
    },
  );
  expect(new URL(page.url()).searchParams.get('state')).toBe('e2e-state');
});
