import { expect, type Page } from '@playwright/test';

const names = { en: 'English', nl: 'Nederlands' } as const;

/**
 * Chooses the console's language in the header, as a person does (signed in; the shell on the
 * page), and waits until the page speaks it. The choice is kept for that person in this browser.
 * Sign in first: `signIn` finds the sign-in page and the navigation by their English names.
 */
export async function chooseLanguage(page: Page, language: keyof typeof names): Promise<void> {
  const select = page.getByRole('combobox', { name: /^(Language|Taal)$/ });
  // On a narrow screen the language is in the menu (src/app/shell/shell.tsx).
  const menu = page.getByRole('button', { name: /^(Open navigation|Navigatie openen)$/ });
  await expect(select.or(menu).first()).toBeVisible();
  const folded = await menu.isVisible();
  if (folded) await menu.click();
  await expect(select).toBeVisible();
  await select.selectOption(language);
  // The menu may fold away as the page changes language: the choice is read wherever it is.
  const chosen = page.getByRole('combobox', { name: /^(Language|Taal)$/, includeHidden: true });
  await expect(chosen).toHaveValue(language);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}\\b`));
  await expect(
    chosen.getByRole('option', { name: names[language], includeHidden: true }),
  ).toBeAttached();
  if (folded && (await select.isVisible())) await page.keyboard.press('Escape');
}
