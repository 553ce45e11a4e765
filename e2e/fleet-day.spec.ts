import { expect, test } from '@playwright/test';
import { dayStart, localDay } from '../contract/local-days.ts';
import { cloud, signIn } from './support.ts';
import { signInPatiently } from './warm.ts';
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

test('Follow live is a switch with its words beside it, not a bare checkbox above them', async ({
  page,
  request,
}) => {
  // Signing in and a day of history on a busy machine: the sign-in alone may take a minute.
  test.setTimeout(150_000);
  const van = (await cloud(request).channels('NODE')).find((node) => node.name === 'Van 01');
  await signInPatiently(page, 'fleet', paths.channelHistory.href(van?.uuid ?? ''));
  // Measured once the history has loaded and the page holds still.
  await expect(page.getByRole('status').filter({ hasText: /\d messages$/ })).toBeVisible({
    timeout: 60_000,
  });
  const follow = page.getByRole('switch', { name: 'Follow live' });
  await expect(follow).toBeAttached();
  // Without the Switch's styles the browser paints its own checkbox; with them the input is
  // invisible and the track beside it (Mantine's next element, hidden from screen readers) shows.
  expect(
    await follow.evaluate(
      (input) => input.ownerDocument.defaultView?.getComputedStyle(input).opacity,
    ),
  ).toBe('0');
  const track = await follow.locator('xpath=following-sibling::*[1]').boundingBox();
  const words = await page.getByText('Follow live', { exact: true }).boundingBox();
  if (track === null || words === null) throw new Error('The switch or its words are not shown');
  expect(track.width).toBeGreaterThanOrEqual(28);
  expect(track.height).toBeGreaterThanOrEqual(14);
  // One line: the words start right of the track, their middle within its height.
  expect(words.x).toBeGreaterThanOrEqual(track.x + track.width);
  const middle = words.y + words.height / 2;
  expect(middle).toBeGreaterThanOrEqual(track.y);
  expect(middle).toBeLessThanOrEqual(track.y + track.height);
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
