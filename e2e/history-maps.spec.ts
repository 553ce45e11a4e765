import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, localInput, signIn, users } from './support.ts';
import { paths } from '../src/lib/paths.ts';

const DAY = 86_400_000;

/** What the cloud holds for a channel over an inclusive range, one request per day (no paging needed). */
async function historyKeys(
  request: APIRequestContext,
  channelUuid: string,
  from: number,
  to: number,
) {
  const headers = {
    Authorization: `Basic ${Buffer.from(`fleet:${users.fleet}`).toString('base64')}`,
  };
  const keys: string[] = [];
  for (let end = to; end >= from; end -= DAY + 1) {
    const start = Math.max(from, end - DAY);
    const response = await request.get(
      `/v1/channels/${channelUuid}/history?from=${start}&to=${end}&count=10000`,
      { headers },
    );
    expect(response.ok()).toBe(true);
    const items = (await response.json()) as { sensorUuid: string; ts: number }[];
    expect(items.length).toBeLessThan(10_000);
    keys.push(...items.map((item) => `${item.sensorUuid}@${item.ts}`));
  }
  return keys.sort();
}

test('fleet finds a van on the map, sees three days of its track and temperature, and exports them', async ({
  page,
  request,
}) => {
  // Three days of track and chart, then axe over all of it: over a minute on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'fleet', paths.fleet.href());
  await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fleet map' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Nodes on the map' });
  await expect(list.getByRole('row', { name: /Van 07/ })).toBeVisible();
  // Vans Westpoort and Cold chain: 30 vans and 40 reefers.
  await expect(page.getByRole('status').filter({ hasText: 'nodes with a position' })).toContainText(
    /^70 nodes/,
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Show Van 07 on the map' }).click();
  // The popup opens on the map (the list beside it is outside the map's region).
  const popup = page.getByRole('region', { name: 'Fleet map' });
  await expect(popup.getByText('Van 07', { exact: true })).toBeVisible();
  await expect(popup.getByText(/^Last seen/)).toBeVisible();
  await popup.getByRole('link', { name: 'History of Van 07' }).click();

  await expect(page.getByRole('heading', { name: 'History of Van 07', level: 1 })).toBeVisible();
  await expect(page.getByText(/times in .+ \(UTC[+-]\d\d:\d\d\)/)).toBeVisible();
  // Ten minutes back, so that no reading of the range is still on its way from a gateway.
  const to = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
  const from = to - 3 * DAY;
  const range = page.getByRole('form', { name: 'Custom range' });
  await range.getByLabel('From').fill(await localInput(page, from));
  await range.getByLabel('To').fill(await localInput(page, to));
  await range.getByRole('button', { name: 'Show range' }).click();
  await expect(page).toHaveURL(
    new RegExp(`from=${encodeURIComponent(new Date(from).toISOString())}`),
  );
  await expect(page.getByRole('status').filter({ hasText: 'days loaded' })).toHaveText(
    /^All 3 of 3 days loaded, [\d,]+ messages$/,
  );

  const sensors = page.getByRole('list', { name: 'Sensors' });
  await expect(sensors).toContainText(/Van 07 · temp \([\d,]+ readings\)/);
  await expect(page.getByRole('list', { name: 'Tracks' })).toContainText(
    /Van 07 \([\d,]+ positions\)/,
  );
  await expect(page.getByRole('region', { name: 'GPS tracks' })).toBeVisible();
  const cursor = page.getByRole('slider', { name: 'Time cursor on the temperature chart' });
  await cursor.focus();
  await page.keyboard.press('End');
  await expect(cursor).toHaveAttribute('aria-valuetext', /Van 07 · temp −?\d+ °C/);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Van-07_.+\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).split('\r\n');
  // The first column names the zone its times are in (the page's, or UTC when picked).
  expect(lines[0]?.replace(/^time \([^)]+\),/, 'time,')).toBe(
    'time,ts,type,node,node_uuid,sensor,sensor_uuid,gateway,gateway_uuid,channel,channel_uuid,' +
      'temperature,lat,lon,hdop,fix,view,stationary,calculated,function,version,value_ts',
  );
  expect(lines[0]).toMatch(/^time \([^)]+\),/);
  expect(lines.at(-1)).toBe('');
  const rows = lines.slice(1, -1).map((line) => line.split(','));
  const channelUuid = new URL(page.url()).pathname.split('/')[2] ?? '';
  const exported = rows.map((row) => `${row[6]}@${row[1]}`);
  expect(exported.sort()).toEqual(await historyKeys(request, channelUuid, from, to));
  const times = rows.map((row) => Number(row[1]));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(rows.every((row) => row[3] === 'Van 07')).toBe(true);
});

for (const [width, height] of [
  [1280, 800],
  [768, 1024],
] as const) {
  test(`the fleet list reads on one line per node at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'fleet', paths.fleet.href());
    const list = page.getByRole('table', { name: 'Nodes on the map' });
    await expect(list.getByRole('link', { name: /^History of / }).first()).toBeVisible();
    // Every cell's text on one line, and every History link whole, without scrolling sideways.
    const problems = await list.evaluate((table) => {
      const found: string[] = [];
      const scroller = table.parentElement ?? table;
      if (table.scrollWidth > scroller.clientWidth + 1) found.push('the table scrolls sideways');
      for (const cell of table.querySelectorAll('tbody td')) {
        // The lines its text takes: the tops of the text's boxes (4 = NodeFilter.SHOW_TEXT).
        const tops: number[] = [];
        const texts = table.ownerDocument.createTreeWalker(cell, 4);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          const range = table.ownerDocument.createRange();
          range.selectNodeContents(text);
          for (const box of range.getClientRects()) {
            if (!tops.some((top) => Math.abs(top - box.top) < 4)) tops.push(box.top);
          }
        }
        if (tops.length > 1) found.push(`"${cell.textContent ?? ''}" wraps`);
      }
      const right = scroller.getBoundingClientRect().right;
      for (const link of table.querySelectorAll('a')) {
        if (link.getBoundingClientRect().right > right + 1) found.push(`${link.textContent} cut`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });
}

test('support starts on the channels they reach, and is told quietly why there is no history and no fleet map', async ({
  page,
  request,
}) => {
  const headers = {
    Authorization: `Basic ${Buffer.from(`support:${users.support}`).toString('base64')}`,
  };
  const listing = await request.get('/v1/channels?channelType=NODE&filter=Van%2002', { headers });
  const [van] = (await listing.json()) as { uuid: string; name: string }[];
  expect(van?.name).toBe('Van 02');

  // Support's first page helps: the channels they reach, not a map that can only refuse.
  await signIn(page, 'support', paths.home.href());
  await expect(page).toHaveURL(paths.channels.href());
  await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Channels' })).toContainText('Van 02');

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Fleet/ })
    .click();
  const note = page.getByRole('note');
  await expect(note).toContainText('The fleet map is not available to you');
  // Said in a person's words (issue 22), not as the permission's technical name.
  await expect(note).toContainText('your role allows reading neither');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
  await note.getByRole('link', { name: 'What you may do' }).click();
  await expect(page.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();

  // Basic credentials live in the tab's memory only: a new page load signs in again.
  await signIn(page, 'support', paths.channel.href(van?.uuid ?? ''));
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'History of Van 02', level: 1 })).toBeVisible();
  const refusal = page.getByRole('note');
  await expect(refusal).toContainText('History is not available to you');
  await expect(refusal).toContainText('needs READ on assets.history in tenant demo');
  await expect(
    page.getByRole('slider', { name: 'Time cursor on the temperature chart' }),
  ).toHaveCount(0);
  await expectAccessible(page);
});

test('a range that fails part-way keeps what arrived and resumes with only the missing day', async ({
  page,
  request,
}) => {
  const headers = {
    Authorization: `Basic ${Buffer.from(`fleet:${users.fleet}`).toString('base64')}`,
  };
  const listing = await request.get('/v1/channels?channelType=NODE&filter=Reefer%2003', {
    headers,
  });
  const [reefer] = (await listing.json()) as { uuid: string }[];
  const to = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
  const from = to - 3 * DAY;
  // The middle day fails until the cloud "comes back".
  const middleTo = to - DAY - 1;
  let down = true;
  const asked: number[] = [];
  await page.route('**/v1/channels/*/history?*', async (route) => {
    const url = new URL(route.request().url());
    const end = Number(url.searchParams.get('to'));
    asked.push(end);
    if (down && end === middleTo) await route.abort('connectionrefused');
    else await route.continue();
  });
  await signIn(page, 'fleet', paths.channelHistory.href(reefer?.uuid ?? '', { from, to }));

  const failure = page
    .getByRole('alert')
    .filter({ hasText: 'Part of the range could not be loaded' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'days loaded' })).toHaveText(
    /^2 of 3 days loaded/,
  );
  await expect(page.getByRole('list', { name: 'Sensors' })).toContainText('Reefer 03 · temp');
  const before = asked.filter((end) => end !== middleTo).length;

  down = false;
  await failure.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'days loaded' })).toHaveText(
    /^All 3 of 3 days loaded/,
  );
  expect(asked.filter((end) => end !== middleTo)).toHaveLength(before);
  expect(asked.at(-1)).toBe(middleTo);
});
