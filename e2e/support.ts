import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const users = {
  admin: 'demo-admin',
  fleet: 'demo-fleet',
  support: 'demo-support',
  acme: 'demo-acme',
} as const;
export type DemoUser = keyof typeof users;

/** Signs in through the console's own sign-in page, as a person would. */
export async function signIn(page: Page, user: DemoUser, path = '/') {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'User name' }).fill(user);
  await page.getByRole('textbox', { name: 'Password' }).fill(users[user]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

function basic(user: DemoUser) {
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
    async channel(uuid: string): Promise<Record<string, unknown>> {
      const response = await request.get(`/v1/channels/${uuid}`, { headers });
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
