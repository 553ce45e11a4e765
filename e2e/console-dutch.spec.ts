import { expect, test } from '@playwright/test';
import { chooseLanguage } from './language.ts';
import { expectAccessible, signIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// A fleet manager in Amsterdam on a phone (390 × 844): the console in Dutch, kept for them.
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the console speaks Dutch once chosen, and keeps it for that person', async ({
  page,
}) => {
  await signIn(page, 'fleet', paths.permissions.href());
  await chooseLanguage(page, 'nl');

  await expect(page.getByRole('heading', { name: 'Rechten', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'In deze console kun je' })).toBeVisible();
  await page.getByRole('button', { name: 'Navigatie openen' }).click();
  const navigation = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(navigation.getByRole('link', { name: /^Vloot/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Nothing wider than the phone, and nothing axe finds wrong, in Dutch too.
  expect(await page.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rechten', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
});
