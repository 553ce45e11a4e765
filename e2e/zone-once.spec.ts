import { expect, test, type Page } from '@playwright/test';
import { cloud } from './support.ts';
import { signInPatiently } from './warm.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22: one date/time format everywhere, the zone named once on the page. A fleet manager in
// Amsterdam: every page that shows times names Europe/Amsterdam exactly once, and no time carries
// a zone of its own ("CET", "GMT+1", "UTC+01:00" beside a time).
test.use({ timezoneId: 'Europe/Amsterdam' });

const ZONE = 'Europe/Amsterdam';

/** How often the page's visible text names the zone, and times that name one of their own. */
async function zoneNames(page: Page): Promise<{ named: number; ownZones: string[] }> {
  return page.locator('body').evaluate((body, zone) => {
    const text = body.innerText;
    const count = (within: string) => within.split(zone).length - 1;
    // A picker's choice ("Times in the CSV: Europe/Amsterdam (as on this page)") is a control,
    // not the page naming its zone.
    const inPickers = [...body.querySelectorAll('select')].reduce(
      (sum, select) => sum + count(select.innerText),
      0,
    );
    return {
      named: count(text) - inPickers,
      ownZones: text.match(/\d{1,2}:\d{2}(:\d{2})?\s*(CET|CEST|GMT[+-]\d+|UTC[+-]\d)/g) ?? [],
    };
  }, ZONE);
}

test('every page with times names the zone once, and no time names its own', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = cloud(request);
  const groups = await api.channels('GROUP');
  const group = groups.find((g) => g.name === 'Vans Westpoort');
  const [node] = await api.members(group?.uuid ?? '');
  expect(group && node).toBeTruthy();
  const pages: { path: string; shows: RegExp }[] = [
    { path: paths.fleet.href(), shows: /Times in / },
    { path: paths.channelHistory.href(node?.uuid ?? ''), shows: /\d{1,2}:\d{2}/ },
    { path: paths.channelHistory.href(group?.uuid ?? ''), shows: /\d{1,2}:\d{2}/ },
    { path: paths.dailySummary.href(group?.uuid ?? ''), shows: /\d+ rows/ },
    { path: paths.alarms.href(), shows: /\d{1,2}:\d{2}/ },
    { path: paths.activity.href(), shows: /\d{1,2}:\d{2}/ },
    { path: paths.people.href(), shows: /\d{1,2}:\d{2}/ },
    { path: paths.channel.href(node?.uuid ?? ''), shows: /\d{1,2}:\d{2}/ },
  ];
  await signInPatiently(page, 'admin', pages[0]?.path ?? '/');
  for (const { path, shows } of pages) {
    await page.goto(path);
    await expect(page.locator('main')).toContainText(shows, { timeout: 60_000 });
    const { named, ownZones } = await zoneNames(page);
    expect({ path, named, ownZones }).toEqual({ path, named: 1, ownZones: [] });
  }
});
