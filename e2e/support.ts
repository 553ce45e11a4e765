import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '../src/lib/paths.ts';

export const users = {
  admin: 'demo-admin',
  fleet: 'demo-fleet',
  support: 'demo-support',
  acme: 'demo-acme',
} as const;
export type DemoUser = keyof typeof users;

const consoleSignInHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Telemetry Console', level: 1 });
// On a tablet the navigation is folded away (hidden) until the menu button opens it.
const mainNavigation = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation', includeHidden: true });

const slowLoad = { timeout: 30_000 };

/** Who the user panel says is signed in (the shell is on the page). */
async function signedInAs(page: Page, user: DemoUser): Promise<boolean> {
  const panel = page.getByRole('region', { name: 'Signed-in user', includeHidden: true });
  return (await panel.getByText(new RegExp(`^${user}( ·|$)`)).count()) > 0;
}

/**
 * Signs in as a person would and ends on `path`: the console's sign-in page, then (OIDC, the
 * default) the cloud's login page, or (Basic) the console's own form. OIDC keeps a session across
 * page loads: when this browser context is already signed in as `user`, that session is used;
 * as someone else, they are signed out first.
 */
export async function signIn(page: Page, user: DemoUser, path = paths.home.href()) {
  await page.goto(path);
  for (let attempt = 0; attempt < 2; attempt++) {
    // Bounds, not waits: a page load and the provider's round trip took over 10 s at load 28.
    await expect(mainNavigation(page).or(consoleSignInHeading(page))).toBeAttached(slowLoad);
    if ((await mainNavigation(page).count()) === 0) {
      const basicUserName = page.getByRole('textbox', { name: 'User name' });
      // The basic form is a chunk of its own (decision 0168): wait for it or the OIDC button.
      const signInButton = page.getByRole('button', { name: 'Sign in' });
      await expect(basicUserName.or(signInButton).first()).toBeVisible(slowLoad);
      if (await basicUserName.isVisible()) {
        await basicUserName.fill(user);
        await page.getByRole('textbox', { name: 'Password' }).fill(users[user]);
        await page.getByRole('button', { name: 'Sign in' }).click();
      } else {
        await page.getByRole('button', { name: 'Sign in' }).click();
        const loginPage = page.getByRole('heading', { name: 'Sign in', level: 1 });
        // The provider skips its page while its own session lasts (checked just below).
        await expect(loginPage.or(mainNavigation(page))).toBeAttached(slowLoad);
        if (await loginPage.isVisible()) await fillLoginPage(page, user);
      }
      await expect(mainNavigation(page)).toBeAttached(slowLoad);
    }
    if (await signedInAs(page, user)) return;
    await signOut(page);
    await page.goto(path);
  }
  throw new Error(`could not sign in as ${user}`);
}

/** The cloud's login page (server/auth/pages.ts), as the provider shows it after /authorize. */
export async function fillLoginPage(page: Page, user: DemoUser, password: string = users[user]) {
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out from the user panel (behind the menu button on narrow screens). */
export async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(consoleSignInHeading(page)).toBeVisible();
}

/** Serves the console a runtime configuration with Basic sign-in instead of the default OIDC. */
export async function useBasicSignIn(page: Page) {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseUrl: '/', authMode: 'basic' } }),
  );
}

export interface StoredSession {
  access_token: string;
  refresh_token?: string;
  expires_at: number;
}

// Runs in the page (e2e is type-checked without the DOM library): the user record of
// oidc-client-ts, or null. Opening never creates the console's database.
const readStoredSession = `new Promise((resolve, reject) => {
  const open = indexedDB.open('telemetry-console');
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve(null);
  open.onsuccess = () => {
    const database = open.result;
    const read = database.transaction('oidc').objectStore('oidc').openCursor();
    read.onerror = () => reject(read.error);
    read.onsuccess = () => {
      const cursor = read.result;
      if (cursor === null || String(cursor.key).startsWith('user:')) {
        database.close();
        resolve(cursor === null ? null : JSON.parse(cursor.value));
      } else {
        cursor.continue();
      }
    };
  };
})`;

/** The OIDC session the console keeps in IndexedDB (src/auth/token-store.ts). */
export async function storedSession(page: Page): Promise<StoredSession | null> {
  return (await page.evaluate(readStoredSession)) as StoredSession | null;
}

/** A `datetime-local` value for an instant, in the browser's own time zone. */
export function localInput(page: Page, ts: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ts);
}

/** No accessibility violation that axe finds on the page as it is now, of any impact. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The Authorization header of a demo user's password (Basic). */
export function basic(user: DemoUser) {
  return { Authorization: `Basic ${Buffer.from(`${user}:${users[user]}`).toString('base64')}` };
}

/** Test data made through the API, each test with names of its own. */
export function cloud(request: APIRequestContext, user: DemoUser = 'admin') {
  const headers = basic(user);
  return {
    async group(name: string): Promise<{ uuid: string; name: string }> {
      const response = await request.post(`/v1/groups/${encodeURIComponent(name)}`, { headers });
      expect(response.ok()).toBe(true);
      return response.json();
    },
    async node(serial: string, name: string, groupUuid?: string): Promise<{ uuid: string }> {
      const query = new URLSearchParams({ name, ...(groupUuid ? { channelUuid: groupUuid } : {}) });
      const response = await request.post(`/v1/nodes/${serial}?${query}`, { headers });
      expect(response.ok()).toBe(true);
      const [node] = (await response.json()) as { uuid: string }[];
      if (!node) throw new Error('commissioning answered no channel');
      return node;
    },
    async channels(channelType?: string): Promise<{ uuid: string; name: string }[]> {
      const query = channelType ? `?channelType=${channelType}` : '';
      const response = await request.get(`/v1/channels${query}`, { headers });
      return response.json();
    },
    async setPush(uuid: string, to: string, secret: string) {
      const query = new URLSearchParams({ to, secret });
      const response = await request.put(`/v1/channels/${uuid}/push?${query}`, { headers });
      expect(response.ok()).toBe(true);
    },
    async decommission(uuid: string) {
      const response = await request.delete(`/v1/nodes/${uuid}`, { headers });
      expect(response.ok()).toBe(true);
    },
    async channel(uuid: string): Promise<Record<string, unknown>> {
      const response = await request.get(`/v1/channels/${uuid}`, { headers });
      return response.json();
    },
    /** A gateway of our own that delivers a node's readings, as the simulator's gateways do. */
    async gateway(serial: string): Promise<{
      send(node: string, temperature: number): Promise<void>;
      sendPosition(node: string, lat: number, lon: number): Promise<void>;
    }> {
      const response = await request.post(`/v1/gateways/${serial}`, { headers });
      expect(response.ok()).toBe(true);
      const { key } = (await response.json()) as { key: string };
      const gatewayAuth = `Basic ${Buffer.from(`${serial}:${key}`).toString('base64')}`;
      return {
        async send(node, temperature) {
          const ts = Date.now();
          const delivered = await request.post('/v1/ingest', {
            headers: { Authorization: gatewayAuth },
            data: {
              messages: [{ node, sensor: 'temp', type: 'TEMP', ts, value: { ts, temperature } }],
            },
          });
          expect(await delivered.json()).toMatchObject({ accepted: 1 });
        },
        async sendPosition(node, lat, lon) {
          const ts = Date.now();
          const delivered = await request.post('/v1/ingest', {
            headers: { Authorization: gatewayAuth },
            data: {
              messages: [{ node, sensor: 'gps', type: 'GPS', ts, value: { lat, lon, hdop: 1 } }],
            },
          });
          expect(await delivered.json()).toMatchObject({ accepted: 1 });
        },
      };
    },
    async pushInboxes(): Promise<{ uuid: string; address: string }[]> {
      const response = await request.get('/v1/push-inboxes', { headers });
      return response.json();
    },
    async members(groupUuid: string): Promise<{ uuid: string; name: string }[]> {
      const response = await request.get(`/v1/groups/${groupUuid}`, { headers });
      return response.json();
    },
  };
}

let counter = 0;
/** A serial no other test uses. */
export function uniqueSerial(prefix = 'E2E'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`.toUpperCase();
}
