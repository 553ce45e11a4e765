import { expect, test, type APIRequestContext } from '@playwright/test';
import { chooseLanguage } from './language.ts';
import { cloud, expectAccessible } from './support.ts';
import { signInPatiently } from './warm.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22: axe on every page in both languages at a phone's, a tablet's and a desktop's width.
// One test per language and width, each visiting every page once (11 pages, 6 tests).

const widths = [
  [390, 844],
  [768, 1024],
  [1280, 800],
] as const;

async function everyPage(request: APIRequestContext): Promise<string[]> {
  const api = cloud(request);
  const van = (await api.channels('NODE')).find((node) => node.name === 'Van 01');
  const group = (await api.channels('GROUP')).find((g) => g.name === 'Vans Westpoort');
  if (!van || !group) throw new Error('the demo has no Van 01 in Vans Westpoort');
  return [
    paths.home.href(),
    paths.fleet.href(),
    paths.channels.href(),
    paths.nodes.href(),
    paths.groups.href(),
    paths.group.href(group.uuid),
    paths.channel.href(van.uuid),
    paths.channelHistory.href(van.uuid),
    paths.dailySummary.href(group.uuid),
    paths.permissions.href(),
    paths.alarms.href(),
  ];
}

for (const language of ['en', 'nl'] as const) {
  for (const [width, height] of widths) {
    test(`axe finds nothing on any page in ${language} at ${width} px`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const pages = await everyPage(request);
      await page.setViewportSize({ width, height });
      await signInPatiently(page, 'admin', paths.home.href());
      await chooseLanguage(page, language);
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}\\b`));
        // Checked once the page has what it loads: nothing busy, nothing still a skeleton.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
        try {
          await expectAccessible(page);
        } catch (error) {
          found.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
}
