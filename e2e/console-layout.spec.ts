import { expect, test, type Locator, type Page } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// What a person sees of the tables at a desktop's 1280 px and a tablet's 768 px, in both themes:
// every badge whole ("SENSOR", not "SENS…"), and every column in view.

/** The element shows all of its text and lies inside its table cell. */
async function expectWhole(locator: Locator) {
  const problems = await locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const cell = element.closest('[role="cell"], td')?.getBoundingClientRect();
      const cut = element.scrollWidth > element.clientWidth + 1;
      const outside =
        cell !== undefined && (box.left < cell.left - 1 || box.right > cell.right + 1);
      return cut || outside ? [element.textContent ?? ''] : [];
    }),
  );
  expect(problems).toEqual([]);
}

async function expectNoSidewaysScroll(table: Locator) {
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(
    true,
  );
}

const badgesOf = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByText(/^(Node|Sensor|Gateway|Group|Active|Inactive|Push on)$/);

for (const [width, height] of [
  [1280, 800],
  [768, 1024],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`tables show every badge whole at ${width} px, ${colorScheme}`, async ({
      page,
      request,
    }) => {
      const serial = uniqueSerial('LAYOUT');
      const api = cloud(request);
      const node = await api.node(serial, `Layout ${serial}`);
      await api.setPush(node.uuid, 'https://example.com/layout', 'layout-secret');
      await api.decommission(node.uuid);

      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await signIn(page, 'admin', paths.channels.href({ q: serial }));
      const channels = page.getByRole('table', { name: 'Channels' });
      await expect(channels.getByText('Inactive')).toBeVisible();
      await expect(channels.getByText('Push on')).toBeVisible();
      await expectWhole(badgesOf(page, 'Channels'));
      await expectNoSidewaysScroll(channels);

      for (const type of ['Sensors', 'Gateways']) {
        await page.getByRole('textbox', { name: 'Filter by name' }).fill('');
        await page.getByRole('main').getByText(type, { exact: true }).click();
        await expect(badgesOf(page, 'Channels').first()).toBeVisible();
        await expectWhole(badgesOf(page, 'Channels'));
        await expectNoSidewaysScroll(channels);
      }
      await expectAccessible(page);

      if (width < 992) {
        // On a tablet the navigation folds away behind the menu button, leaving the width.
        await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
      }
      await page.goto(paths.nodes.href());
      await expect(page.getByRole('table', { name: 'Nodes' })).toBeVisible();
      await expectWhole(badgesOf(page, 'Nodes'));
      await expectWhole(page.getByRole('table', { name: 'Nodes' }).getByText(/^GW-/));
    });
  }
}

test('on a tablet the folded navigation closes with Escape or a click beside it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, 'admin', paths.groups.href());
  const navigation = page.getByRole('navigation', {
    name: 'Main navigation',
    includeHidden: true,
  });
  await expect(navigation).toBeAttached();
  await expect(navigation).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(navigation).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(navigation).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(navigation).toBeVisible();
  await page.mouse.click(700, 600);
  await expect(navigation).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await navigation.getByRole('link', { name: /^Nodes/ }).click();
  await expect(page.getByRole('heading', { name: 'Nodes', level: 1 })).toBeVisible();
  await expect(navigation).toBeHidden();
});
