import { expect, test } from '@playwright/test';
import { dayStart, localDay } from '../contract/local-days.ts';
import { cloud, signIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22: the fleet manager's day, right in every detail.

const ZONE = 'Europe/Amsterdam';
const HOUR = 3_600_000;

/** 11:00 in Amsterdam on the newest weekday (Monday to Friday) of the demo that is past 11:00. */
function weekdayEleven(now: number): number {
  const today = localDay(now, ZONE);
  for (let day = today; day > today - 14; day--) {
    const weekday = (day + 4) % 7; // 0 = Sunday
    const at = dayStart(day, ZONE) + 11 * HOUR;
    if (weekday >= 1 && weekday <= 5 && at < now - HOUR) return at;
  }
  throw new Error('No weekday in the last two weeks');
}

test('at 11:00 of a weekday the slider shows vans driving, not all 70 parked', async ({ page }) => {
  const at = weekdayEleven(Date.now());
  await signIn(page, 'admin', paths.channels.href());
  await page.goto(`${paths.fleet.href()}?at=${at}`);
  const list = page.getByRole('table', { name: 'Nodes on the map' });
  const rows = list.getByRole('row');
  // Two positions answers for the whole fleet: on a busy machine that can take a while.
  await expect(rows.filter({ hasText: 'Van 01' })).toHaveCount(1, { timeout: 60_000 });
  // Most vans and reefers are out on their rounds at 11:00 on a weekday (server/sim/day-plan.ts);
  // some stand at a customer's, at the depot or at home.
  await expect.poll(() => rows.filter({ hasText: 'Moving' }).count()).toBeGreaterThanOrEqual(10);
  expect(await rows.filter({ hasText: 'Parked' }).count()).toBeGreaterThanOrEqual(1);
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no page scrolls sideways', async ({ page, request }) => {
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
      paths.channelHistory.href(van?.uuid ?? ''),
      paths.dailySummary.href(group?.uuid ?? ''),
      paths.permissions.href(),
    ];
    await signIn(page, 'admin', paths.home.href());
    const wide: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Pages fill in as answers arrive: the widest moment counts, so wait for the main content.
      await expect(page.getByRole('main')).not.toBeEmpty();
      const { scroll, client } = await page
        .locator('html')
        .evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
      if (scroll > client) wide.push(`${path}: ${scroll} px wide in ${client} px`);
    }
    expect(wide).toEqual([]);
  });
});
