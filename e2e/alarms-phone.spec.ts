import { expect, test } from '@playwright/test';
import { signInPatiently } from './warm.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 34: the Alarms page on a phone (390 × 844) over the 7-day demo. Its list was a plain
// table 19,150 px tall with 200 rows; now the shared data table scrolls on its own, so the page
// stays about a screen tall, nothing scrolls the page sideways, and Acknowledge is in view.
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the Alarms page stays a screen tall with every demo alarm listed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInPatiently(page, 'admin', paths.alarms.href());
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  // On a phone the shared data table is a list of cards (docs/decisions/0163).
  const cards = page.getByRole('list', { name: 'Alarms' });
  await expect(cards).toBeVisible({ timeout: 30_000 });
  // The demo's incidents over 7 days: more rows than a phone shows at once.
  const status = page.getByRole('status').filter({ hasText: /alarms?: all that match\.$/ });
  await expect(status).toBeVisible();
  const count = Number((await status.textContent())?.match(/^(\d+)/)?.[1]);
  expect(count).toBeGreaterThan(10);
  const size = await page
    .locator('html')
    .evaluate((html) => ({ height: html.scrollHeight, width: html.scrollWidth }));
  expect(size.height).toBeLessThanOrEqual(2 * 844);
  expect(size.width).toBeLessThanOrEqual(390);
  const first = cards.getByRole('listitem').first();
  await expect(first.getByRole('link', { name: 'History' })).toBeAttached();
});
