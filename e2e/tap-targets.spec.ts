import { expect, test } from '@playwright/test';
import { cloud } from './support.ts';
import { signInPatiently } from './warm.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22: on a phone every control a finger aims at is at least 44 × 44 px (WCAG 2.5.5) on the
// main pages. Measured: buttons, fields, selects, tabs and button-like links outside running text
// and outside the data tables' rows (virtualised at a fixed height, see global.css).
test.use({ viewport: { width: 390, height: 844 } });

test('every control on the main pages is at least 44 px on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = cloud(request);
  const van = (await api.channels('NODE')).find((node) => node.name === 'Van 01');
  const group = (await api.channels('GROUP')).find((g) => g.name === 'Vans Westpoort');
  const pages = [
    paths.home.href(),
    paths.fleet.href(),
    paths.channels.href(),
    paths.nodes.href(),
    paths.groups.href(),
    paths.group.href(group?.uuid ?? ''),
    paths.channel.href(van?.uuid ?? ''),
    paths.alarms.href(),
    paths.permissions.href(),
  ];
  await signInPatiently(page, 'admin', paths.home.href());
  const small: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
    const found = await page.locator('body').evaluate((body) => {
      const selector = [
        'button',
        'select',
        'textarea',
        'input:not([type=checkbox]):not([type=radio]):not([type=hidden])',
        '[role=tab]',
        'a.mantine-Button-root',
        'a.mantine-NavLink-root',
        '.leaflet-control-zoom a',
      ].join(',');
      return [...body.querySelectorAll(selector)].flatMap((control) => {
        if (control.closest('.tc-row, p, td, th')) return [];
        // A pills field (Add members) is typed into anywhere in its box: the box is the target.
        const target = control.matches('.mantine-PillsInputField-field')
          ? (control.closest('.mantine-Input-input') ?? control)
          : control;
        const box = target.getBoundingClientRect();
        const style = body.ownerDocument.defaultView?.getComputedStyle(control);
        const shown =
          box.width > 0 &&
          box.height > 0 &&
          style?.visibility !== 'hidden' &&
          style?.opacity !== '0' &&
          control.closest('[hidden], [aria-hidden="true"]') === null;
        if (!shown || (box.width >= 43.5 && box.height >= 43.5)) return [];
        const name =
          control.getAttribute('aria-label') ??
          control.textContent?.trim() ??
          control.getAttribute('name') ??
          control.tagName;
        return [`${name.slice(0, 40)}: ${Math.round(box.width)}×${Math.round(box.height)}`];
      });
    });
    small.push(...found.map((line) => `${path} ${line}`));
  }
  expect(small).toEqual([]);
});
