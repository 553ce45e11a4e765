import { expect, test } from '@playwright/test';

// A browser set to Dutch (Accept-Language nl-NL) meets Dutch all the way: the console's sign-in
// page and the built-in identity provider's (issue 33).
test.use({ locale: 'nl-NL' });

test('signs in through Dutch pages, the provider’s included', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Telemetry Console', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page).toHaveTitle('Inloggen · Telemetry Console');
  await page.getByLabel('Gebruikersnaam').fill('fleet');
  await page.getByLabel('Wachtwoord').fill('niet-het-wachtwoord');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Gebruikersnaam of wachtwoord onjuist.');
  await expect(page.getByRole('button', { name: 'Annuleren' })).toBeVisible();
  await page.getByLabel('Wachtwoord').fill('demo-fleet');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('navigation').first()).toBeVisible({ timeout: 30_000 });
});
