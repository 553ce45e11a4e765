import { expect, type Page } from '@playwright/test';
import { signIn, type DemoUser } from './support.ts';
import { paths } from '../src/lib/paths.ts';

/**
 * Signs in as `signIn` does, on a busy machine: the console's first load and the page after the
 * sign-in can take longer than signIn's own waits, so the sign-in page is loaded first with time
 * to spare, the sign-in ends on the light Permissions page, and only then is `path` opened.
 */
export async function signInPatiently(page: Page, user: DemoUser, path: string): Promise<void> {
  await page.goto(paths.home.href());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  await signIn(page, user, paths.permissions.href());
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
}
