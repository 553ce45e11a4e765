import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import {
  cloud,
  fillLoginPage,
  signIn,
  storedSession,
  uniqueSerial,
  type StoredSession,
} from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Against the cloud whose access tokens last 40 s (playwright.config.ts, project short-tokens):
// the console refreshes a token once fewer than 30 s are left, so 10 s after each refresh.

const REFRESH_MARGIN_S = 30;

async function sessionOf(page: Page): Promise<StoredSession> {
  const session = await storedSession(page);
  if (session === null) throw new Error('no OIDC session in storage');
  return session;
}

/** Waits, as a person would, until the console must refresh before its next request. */
async function waitUntilRefreshIsDue(page: Page) {
  const { expires_at: expiresAt } = await sessionOf(page);
  const due = (expiresAt - REFRESH_MARGIN_S) * 1000 + 250;
  await page.waitForTimeout(Math.max(0, due - Date.now()));
}

/** Refresh-token grants the browser sends, with the provider's answers. */
function watchRefreshes(context: BrowserContext) {
  const sent: Request[] = [];
  context.on('request', (request) => {
    if (
      request.url().endsWith('/auth/oauth/token') &&
      request.postData()?.includes('refresh_token')
    ) {
      sent.push(request);
    }
  });
  return {
    sent,
    async statuses() {
      return Promise.all(sent.map(async (request) => (await request.response())?.status()));
    },
    /** The refresh token each grant spent. */
    tokens() {
      return sent.map((request) =>
        new URLSearchParams(request.postData() ?? '').get('refresh_token'),
      );
    },
  };
}

/**
 * Every refresh token was spent once and every grant was answered: two tabs that both spent the
 * same one would see the second refused (400) and the session ended. A refresh that falls due
 * again while a busy machine reloads two pages (more than 10 s) is a new token, not a second
 * spending.
 */
async function expectEachTokenSpentOnce(
  refreshes: ReturnType<typeof watchRefreshes>,
  least: number,
) {
  const statuses = await refreshes.statuses();
  expect(statuses.length).toBeGreaterThanOrEqual(least);
  expect(
    statuses.every((status) => status === 200),
    String(statuses),
  ).toBe(true);
  const tokens = refreshes.tokens();
  expect(new Set(tokens).size).toBe(tokens.length);
}

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the console refreshes the access token before it lapses, the refresh token rotates, and the person stays signed in', async ({
  page,
  context,
  request,
}) => {
  const refreshes = watchRefreshes(context);
  await signIn(page, 'admin', paths.channels.href());
  const first = await sessionOf(page);

  // Each step opens data not loaded yet, so the console must ask the cloud, with a fresh token.
  await waitUntilRefreshIsDue(page);
  const groupsRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/channels');
  await mainNavigation(page)
    .getByRole('link', { name: /^Groups/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  const coldChain = page.getByRole('table').getByRole('link', { name: 'Cold chain', exact: true });
  await expect(coldChain).toBeVisible();
  expect(await refreshes.statuses()).toEqual([200]);

  const second = await sessionOf(page);
  expect(second.access_token).not.toBe(first.access_token);
  expect(second.refresh_token).not.toBe(first.refresh_token);
  expect((await groupsRequest).headers().authorization).toBe(`Bearer ${second.access_token}`);

  // A second round: still signed in, with yet another pair of tokens.
  await waitUntilRefreshIsDue(page);
  await coldChain.click();
  await expect(page.getByRole('heading', { name: 'Cold chain', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members' })).toContainText('Reefer 01');
  expect(await refreshes.statuses()).toEqual([200, 200]);
  const third = await sessionOf(page);
  expect(third.refresh_token).not.toBe(second.refresh_token);

  // Rotation is enforced: the spent first refresh token no longer works, and using it revokes
  // the whole family, so the console's session ends at its next refresh and says so.
  const reuse = await request.post('/auth/oauth/token', {
    form: {
      grant_type: 'refresh_token',
      client_id: 'console',
      refresh_token: first.refresh_token ?? '',
    },
  });
  expect(reuse.status()).toBe(400);
  await waitUntilRefreshIsDue(page);
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has ended' }),
  ).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test('two tabs refreshing at the same moment spend the refresh token once, and both stay signed in', async ({
  page,
  context,
}) => {
  const refreshes = watchRefreshes(context);
  await signIn(page, 'admin', paths.groups.href());
  const other = await context.newPage();
  await other.goto(paths.channels.href());
  await expect(other.getByRole('table', { name: 'Channels' })).toBeVisible();

  // Both tabs need a new token for the same moment's requests (data neither has loaded yet); the
  // Web Lock lets one refresh and the other read its result. Without it, the second would spend
  // a rotated refresh token: the provider would take that for theft and end the session. A slow
  // token endpoint keeps the first refresh in flight while the second tab asks.
  await context.route('**/auth/oauth/token', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await waitUntilRefreshIsDue(page);
  await Promise.all([
    mainNavigation(page)
      .getByRole('link', { name: /^Nodes/ })
      .click(),
    other.getByRole('main').getByText('Sensors', { exact: true }).click(),
  ]);
  await expect(
    page.getByRole('table', { name: 'Nodes' }).getByRole('link', { name: 'Van 01', exact: true }),
  ).toBeVisible();
  await expect(
    other.getByRole('table', { name: 'Channels' }).getByRole('link', { name: 'Acme Truck 01/gps' }),
  ).toBeVisible();
  await expectEachTokenSpentOnce(refreshes, 1);

  // Again, reloading both tabs at once.
  await waitUntilRefreshIsDue(page);
  await Promise.all([page.reload(), other.reload()]);
  // Two whole reloads behind one slowed refresh: 6.1 s alone at load 2, past 10 s at load 6.
  await expect(page.getByRole('table', { name: 'Nodes' })).toBeVisible({ timeout: 30_000 });
  await expect(other.getByRole('table', { name: 'Channels' })).toBeVisible({ timeout: 30_000 });
  await expectEachTokenSpentOnce(refreshes, 2);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await expect(other.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('when the session ends mid-edit, signing in again brings back what was typed, never the push secret', async ({
  page,
  context,
  request,
}) => {
  const serial = uniqueSerial('DRAFT');
  const node = await cloud(request).node(serial, `Draft ${serial}`);
  await signIn(page, 'admin', paths.channel.href(node.uuid));

  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByRole('button', { name: 'Add properties' }).click();
  const typed = '{"site": "Westpoort dock 4", "bay": 12}';
  await properties.getByRole('textbox', { name: /Properties/ }).fill(typed);
  const push = page.getByRole('region', { name: 'Push' });
  await push.getByRole('button', { name: 'Set up push' }).click();
  await push.getByRole('textbox', { name: 'Address' }).fill('https://example.com/dock-hook');
  const secret = 'typed-secret-never-kept-4711';
  await push.getByLabel(/^Secret/).fill(secret);

  // The session ends elsewhere: the provider revokes the refresh token and forgets the browser.
  const { refresh_token: refreshToken } = await sessionOf(page);
  const revoked = await request.post('/auth/oauth/revoke', {
    form: { client_id: 'console', token: refreshToken ?? '', token_type_hint: 'refresh_token' },
  });
  expect(revoked.ok()).toBe(true);
  await context.clearCookies();

  await waitUntilRefreshIsDue(page);
  await properties.getByRole('button', { name: 'Save properties' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has ended' }),
  ).toContainText('what you were typing is kept');
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(stored).toContain('Westpoort dock 4');
  expect(stored).not.toContain(secret);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillLoginPage(page, 'admin');
  await expect(page).toHaveURL(new RegExp(`/channels/${node.uuid}$`));
  await expect(properties.getByRole('textbox', { name: /Properties/ })).toHaveValue(typed);
  await expect(push.getByRole('textbox', { name: 'Address' })).toHaveValue(
    'https://example.com/dock-hook',
  );
  await expect(push.getByLabel(/^Secret/)).toHaveValue('');

  await properties.getByRole('button', { name: 'Save properties' }).click();
  await expect(
    properties
      .getByRole('table', { name: 'Properties' })
      .getByRole('row', { name: /site Westpoort dock 4/ }),
  ).toBeVisible();
  expect((await cloud(request).channel(node.uuid)).properties).toEqual({
    site: 'Westpoort dock 4',
    bay: 12,
  });
});
