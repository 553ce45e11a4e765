import { expect, test } from '@playwright/test';
import { chooseLanguage } from './language.ts';
import { cloud } from './support.ts';
import { signInPatiently } from './warm.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22: every Day cell of the Daily summary read "2026-11…", at any width, with no tooltip.

for (const [width, height] of [
  [1280, 800],
  [768, 1024],
  [390, 844],
] as const) {
  test(`every Day cell of the Daily summary reads whole at ${width} px, in both languages`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const group = (await cloud(request).channels('GROUP')).find((g) => g.name === 'Vans Westpoort');
    await page.setViewportSize({ width, height });
    await signInPatiently(page, 'admin', paths.dailySummary.href(group?.uuid ?? ''));
    for (const language of ['en', 'nl'] as const) {
      await chooseLanguage(page, language);
      const name = language === 'en' ? 'Daily summary' : 'Dagoverzicht';
      // On a phone the table is a list of cards, the day in each card's title (issue 33).
      const phone = width < 768;
      const table = phone ? page.getByRole('list', { name }) : page.getByRole('table', { name });
      const cellOf = phone ? '.tc-card-title' : '[role="cell"]';
      const dayCells = table.locator(`${cellOf} [title]`);
      await expect(dayCells.first()).toBeVisible({ timeout: 60_000 });
      const problems = await dayCells.evaluateAll(
        (cells, selector) =>
          cells.flatMap((day) => {
            const cell = day.closest(selector);
            if (!cell) return ['a day outside any cell'];
            const box = day.getBoundingClientRect();
            const text = day.textContent ?? '';
            const cut = cell.scrollWidth > cell.clientWidth + 1 || text.includes('…');
            const outside = box.right > cell.getBoundingClientRect().right + 1;
            const iso = /^\d{4}-\d{2}/.test(text);
            return cut || outside || iso
              ? [`${text}: ${cell.scrollWidth} px in a cell of ${cell.clientWidth} px`]
              : [];
          }),
        cellOf,
      );
      expect(problems).toEqual([]);
      // The ISO date is a hover away.
      await expect(dayCells.first()).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2}$/);
    }
  });
}
