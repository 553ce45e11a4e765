import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible, localInput, signIn, users } from './support.ts';
import { paths } from '../src/lib/paths.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const headers = {
  Authorization: `Basic ${Buffer.from(`fleet:${users.fleet}`).toString('base64')}`,
};

interface Message {
  nodeName: string;
  sensorUuid: string;
  ts: number;
  type: string;
  value: { temperature?: number; stationary?: boolean; lat?: number; lon?: number };
}

/** Every message of a channel over a range: a request per day, paged backwards within it. */
async function everything(request: APIRequestContext, uuid: string, from: number, to: number) {
  const seen = new Map<string, Message>();
  for (let end = to; end >= from; end -= DAY + 1) {
    const start = Math.max(from, end - DAY);
    for (let pageTo = end; ;) {
      const response = await request.get(
        `/v1/channels/${uuid}/history?from=${start}&to=${pageTo}&count=10000`,
        { headers },
      );
      expect(response.ok()).toBe(true);
      const items = (await response.json()) as Message[];
      for (const item of items) seen.set(`${item.sensorUuid}@${item.ts}`, item);
      if (items.length < 10_000) break;
      pageTo = Math.min(...items.map((item) => item.ts));
    }
  }
  return [...seen.values()].sort((a, b) => a.ts - b.ts);
}

async function channelsOf(request: APIRequestContext, type: string) {
  const response = await request.get(`/v1/channels?channelType=${type}`, { headers });
  return (await response.json()) as {
    uuid: string;
    name: string;
    properties?: { temperature?: { min?: number; max?: number } };
  }[];
}

/**
 * The longest excursion, worked out here from the cloud's answers with the convention of
 * docs/decisions/ ("Cold chain"): a node's own limits, else the group's; a run of readings
 * out of range, ended by the first reading back in range, or by a pause over 15 minutes.
 */
function longestExcursion(
  messages: Message[],
  limitsOf: (nodeName: string) => { min?: number; max?: number },
) {
  const bySensor = new Map<string, Message[]>();
  for (const m of messages) {
    if (m.type !== 'TEMP' || m.value.temperature === undefined) continue;
    bySensor.set(m.sensorUuid, [...(bySensor.get(m.sensorUuid) ?? []), m]);
  }
  let best = { nodeName: '', start: 0, duration: -1 };
  let count = 0;
  for (const readings of bySensor.values()) {
    const limits = limitsOf(readings[0]?.nodeName ?? '');
    const out = (v: number) =>
      limits.max !== undefined && v > limits.max
        ? 'above'
        : limits.min !== undefined && v < limits.min
          ? 'below'
          : undefined;
    let i = 0;
    while (i < readings.length) {
      const side = out(readings[i]?.value.temperature ?? 0);
      if (!side) {
        i++;
        continue;
      }
      let j = i;
      while (
        j + 1 < readings.length &&
        out(readings[j + 1]?.value.temperature ?? 0) === side &&
        (readings[j + 1]?.ts ?? 0) - (readings[j]?.ts ?? 0) <= 15 * MINUTE
      )
        j++;
      const next = readings[j + 1];
      const last = readings[j]?.ts ?? 0;
      const end = next && next.ts - last <= 15 * MINUTE ? next.ts : last;
      const start = readings[i]?.ts ?? 0;
      count++;
      if (end - start > best.duration) {
        best = { nodeName: readings[i]?.nodeName ?? '', start, duration: end - start };
      }
      i = j + 1;
    }
  }
  return { ...best, count };
}

/** Wholly within the part of `scroller` in view (not scrolled away or under another cell). */
async function expectInside(target: Locator, scroller: Locator) {
  const outer = await scroller.boundingBox();
  const inner = await target.boundingBox();
  expect(outer && inner).toBeTruthy();
  if (!outer || !inner) return;
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  // On top there: what a click at its centre reaches is it (or inside it).
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = element.ownerDocument.elementFromPoint(
      box.x + box.width / 2,
      box.y + box.height / 2,
    );
    return top !== null && (element === top || element.contains(top));
  });
  expect(hit).toBe(true);
}

async function downloaded(page: Page, button: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map(csvFields);
}

/** One CSV line's fields: a field in quotes may hold commas, and "" is one quote (RFC 4180). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
    const [, field = ''] = match;
    fields.push(field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);
    if (match[2] === '') break;
  }
  return fields;
}

test('a fleet manager finds last week’s longest cold-chain excursion', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'fleet', paths.groups.href());
  await page.getByRole('link', { name: 'Cold chain', exact: true }).click();
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'History of Cold chain', level: 1 }),
  ).toBeVisible();
  // Last week, up to ten minutes ago: no reading of it is still on its way from a gateway.
  const end = Math.floor((Date.now() - 10 * MINUTE) / MINUTE) * MINUTE;
  const form = page.getByRole('form', { name: 'Custom range' });
  await form.getByLabel('From').fill(await localInput(page, end - 7 * DAY));
  await form.getByLabel('To').fill(await localInput(page, end));
  await form.getByRole('button', { name: 'Show range' }).click();
  await expect(page.getByRole('status').filter({ hasText: /days loaded/ })).toHaveText(
    /^All 7 of 7 days loaded, [\d,]+ messages$/,
    { timeout: 60_000 },
  );
  const url = new URL(page.url());
  const from = Date.parse(url.searchParams.get('from') ?? '');
  const to = Date.parse(url.searchParams.get('to') ?? '');

  // Forty reefers are bands by their limits, not forty lines.
  const temperature = page.getByRole('region', { name: 'Temperature', exact: true });
  await expect(temperature.getByRole('list', { name: 'Bands and sensors' })).toContainText(
    '−25 °C to −12 °C (20 sensors)',
  );
  await expect(temperature.getByRole('list', { name: 'Bands and sensors' })).toContainText(
    '0 °C to 8 °C (20 sensors)',
  );

  const coldChain = page.getByRole('region', { name: 'Cold chain', exact: true });
  await expect(coldChain.getByRole('status', { name: 'Time in range' })).toHaveText(
    /^In range [\d.]+\s% of the time across 40 sensors with limits; [\d,]+ excursions\.$/,
  );
  // Worked out independently from the cloud's answers and the limits in the properties.
  const group = (await channelsOf(request, 'GROUP')).find((g) => g.name === 'Cold chain');
  const nodes = await channelsOf(request, 'NODE');
  const groupLimits = group?.properties?.temperature ?? {};
  const limitsOf = (name: string) =>
    nodes.find((n) => n.name === name)?.properties?.temperature ?? groupLimits;
  const expected = longestExcursion(
    await everything(request, group?.uuid ?? '', from, to),
    limitsOf,
  );
  await expect(coldChain.getByRole('status', { name: 'Time in range' })).toContainText(
    `; ${expected.count.toLocaleString('en-US')} excursions.`,
  );

  // The list starts with the longest; its file says exactly which one.
  const excursions = coldChain.getByRole('table', { name: 'Excursions' });
  const first = excursions.getByRole('row').nth(1);
  await expect(first.getByRole('cell').first()).toHaveText(expected.nodeName);
  const rows = await downloaded(page, 'Export excursions as CSV');
  // Times in the page's zone, which the header names (issue 22: UTC without saying so).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(rows[0]?.slice(0, 4)).toEqual(['node', `start (${zone})`, `end (${zone})`, 'duration_s']);
  expect(rows.length - 1).toBe(expected.count);
  const longest = rows.slice(1).sort((a, b) => Number(b[3]) - Number(a[3]))[0];
  expect(longest?.[0]).toBe(expected.nodeName);
  expect(Date.parse(longest?.[1] ?? '')).toBe(expected.start);
  expect(Number(longest?.[3])).toBe(Math.round(expected.duration / 1000));
  await expectAccessible(page);

  // Which reefer it is and its Show button stay whole and in view however narrow the window: the
  // table scrolls sideways between them.
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 800 });
    // The whole name, not "Reefer …".
    expect(
      await first
        .getByRole('cell')
        .first()
        .evaluate((cell) => cell.scrollWidth <= cell.clientWidth),
    ).toBe(true);
    await expectInside(first.getByRole('cell').first(), excursions);
    await expectInside(first.getByRole('button', { name: /^Show the excursion of / }), excursions);
    await excursions.evaluate((table) => table.scrollBy({ left: 400 }));
    await expectInside(first.getByRole('cell').first(), excursions);
    await expectInside(first.getByRole('button', { name: /^Show the excursion of / }), excursions);
    // Scrolled to its end, the last column (Where) is whole and on top: the Show button sticks
    // beside the name, never over the last columns (issue 22).
    await excursions.evaluate((table) => table.scrollTo({ left: table.scrollWidth }));
    await expectInside(first.getByRole('cell').last(), excursions);
    await excursions.evaluate((table) => table.scrollTo({ left: 0 }));
  }
  // On a phone the excursions are cards (issue 33): the first names its reefer and has its Show
  // button, both whole on the screen; nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = coldChain.getByRole('list', { name: 'Excursions' });
  const card = cards.getByRole('listitem').filter({ hasText: expected.nodeName }).first();
  await card.scrollIntoViewIfNeeded();
  await expectInside(card.getByText(expected.nodeName, { exact: true }), cards);
  await expectInside(card.getByRole('button', { name: /^Show the excursion of / }), cards);
  expect(await cards.evaluate((list) => list.scrollWidth <= list.clientWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  // One click shows it: the chart zooms to it with the node's own line, the cursor at its start,
  // and the excursions of that line shaded darker than the members'.
  const shading = temperature.getByText(/^Shaded where members were out of their limits/);
  await expect(shading).toHaveText(/the more of them\.$/);
  await first.getByRole('button', { name: /^Show the excursion of / }).click();
  // The page takes the person up to the chart, so that the zoom is seen at all.
  const chartHeading = page.getByRole('heading', { name: 'Temperature', level: 2 });
  await expect(chartHeading).toBeFocused();
  await expect(chartHeading).toBeInViewport();
  await expect(shading).toHaveText(/; the excursions of the lines you picked, darkest\.$/);
  await expect(temperature.getByRole('button', { name: 'Whole range' })).toBeEnabled();
  await expect(temperature.getByRole('list', { name: 'Bands and sensors' })).toContainText(
    `${expected.nodeName} · temp`,
  );
  await expect(
    temperature.getByRole('slider', { name: 'Time cursor on the temperature chart' }),
  ).toHaveAttribute('aria-valuetext', new RegExp(`${expected.nodeName} · temp −?\\d+ °C`));
});

test('a fleet manager sees where one van stopped on a day, and its totals', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const vans = await channelsOf(request, 'NODE');
  const van = vans.find((n) => n.name === 'Van 07');
  // The most recent weekday wholly in the past (vans rest at weekends), in the browser's zone.
  await signIn(page, 'fleet', paths.channelHistory.href(van?.uuid ?? ''));
  const day = await page.evaluate(() => {
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    do d.setDate(d.getDate() - 1);
    while (d.getDay() === 0 || d.getDay() === 6);
    return d.getTime();
  });
  const range = page.getByRole('form', { name: 'Custom range' });
  await range.getByLabel('From').fill(await localInput(page, day));
  await range.getByLabel('To').fill(await localInput(page, day + DAY - MINUTE));
  await range.getByRole('button', { name: 'Show range' }).click();
  await expect(page).toHaveURL(
    new RegExp(`from=${encodeURIComponent(new Date(day).toISOString())}`),
  );
  await expect(page.getByRole('status').filter({ hasText: /messages$/ })).toHaveText(
    /^(All 1 of 1 day loaded, )?[\d,]+ messages$/,
  );

  const trips = page.getByRole('region', { name: 'Trips and stops', exact: true });
  // The reports of the day, not of the range the page opened with.
  await expect(trips).toHaveAttribute('aria-busy', 'false');
  await expect(trips.getByRole('group', { name: 'Timebars' })).toContainText(
    /Van 07: moving \d+ %, parked \d+ %, silent \d+ % of the range/,
  );
  const stopsCount = Number(
    /Stops \(([\d,]+)\)/.exec((await trips.getByText(/^Stops \(/).textContent()) ?? '')?.[1],
  );
  expect(stopsCount).toBeGreaterThanOrEqual(2);
  const stops = await downloaded(page, 'Export stops as CSV');
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(stops[0]).toEqual([
    'node',
    `arrived (${zone})`,
    `left (${zone})`,
    'duration_s',
    'place',
    'lat',
    'lon',
    'starts_before_range',
    'ends_after_range',
  ]);
  expect(stops.length - 1).toBe(stopsCount);
  // Parked overnight: the day begins at a stop, and ends at one.
  expect(stops[1]?.[7]).toBe('true');
  expect(stops.at(-1)?.[8]).toBe('true');
  // Every stop is named by a place of the group's or the van's own (issue 22): the depot, a
  // district's customers, the driver's home; never only coordinates.
  for (const stop of stops.slice(1)) {
    expect(stop[4]).toMatch(/distribution centre|Basisweg|customers|driver's home/);
  }
  await expect(
    trips
      .getByRole('table', { name: 'Stops' })
      .getByText(/customers$/)
      .first(),
  ).toBeVisible();

  // Each stop is real: the van reported itself standing there while it lasted, and none lasted
  // under five minutes except at the day's edges.
  const gps = (await everything(request, van?.uuid ?? '', day, day + DAY - MINUTE)).filter(
    (m) => m.type === 'GPS',
  );
  for (const stop of stops.slice(1)) {
    const [, arrived, left, seconds, , , , open, closes] = stop;
    const start = Date.parse(arrived ?? '');
    const end = Date.parse(left ?? '');
    expect(start).toBeGreaterThanOrEqual(day);
    expect(end).toBeLessThanOrEqual(day + DAY);
    if (open !== 'true' && closes !== 'true') expect(Number(seconds)).toBeGreaterThanOrEqual(300);
    expect(gps.some((m) => m.ts >= start && m.ts <= end && m.value.stationary === true)).toBe(true);
  }
  await expect(page.getByRole('list', { name: 'Map symbols' })).toContainText(
    'A stop (larger the longer it lasted)',
  );
  const totals = trips.getByRole('table', { name: 'Totals per node' });
  await expect(totals.getByRole('row', { name: /Van 07/ })).toContainText(/\d+\.\d\skm/);
  await expectAccessible(page);
});

test('picking a day for stops narrows the map to that day’s track and stops', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const van = (await channelsOf(request, 'NODE')).find((n) => n.name === 'Van 07');
  await signIn(page, 'fleet', paths.home.href());
  // Two local days, half of each and wholly in the past (the last 24 hours leave today with
  // minutes just after midnight): noon the day before yesterday to noon yesterday, and yesterday.
  const { from, to, day, dayOfMonth, scaleStart } = await page.evaluate(() => {
    const noon = new Date();
    noon.setDate(noon.getDate() - 1);
    noon.setHours(12, 0, 0, 0);
    const midnight = new Date(noon);
    midnight.setHours(0, 0, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const options = { year: 'numeric', month: 'short', day: 'numeric' } as const;
    const clock = { hour: 'numeric', minute: '2-digit', second: '2-digit' } as const;
    return {
      from: new Date(noon).setDate(noon.getDate() - 1),
      to: noon.getTime(),
      day: `${noon.getFullYear()}-${pad(noon.getMonth() + 1)}-${pad(noon.getDate())}`,
      dayOfMonth: noon.getDate(),
      scaleStart: new Intl.DateTimeFormat(undefined, { ...options, ...clock }).format(midnight),
    };
  });
  await page.goto(paths.channelHistory.href(van?.uuid ?? '', { from, to }));
  const trips = page.getByRole('region', { name: 'Trips and stops', exact: true });
  await expect(trips).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  const track = page.getByRole('region', { name: 'GPS track', exact: true });
  const positions = async () =>
    Number(
      /\(([\d,]+) positions\)/
        .exec((await track.getByRole('list', { name: 'Tracks' }).textContent()) ?? '')?.[1]
        ?.replaceAll(',', ''),
    );
  await expect(track.getByRole('list', { name: 'Tracks' })).toContainText('Van 07');
  const wholeRange = await positions();
  const dayPicker = trips.getByRole('combobox', { name: 'Day' });
  // The days read as every date on the page does ("Thu 26 Nov"), not as ISO (issue 22).
  await expect(dayPicker).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await dayPicker.selectOption(day);
  // The time scale of the track starts at the day's midnight, and fewer positions are drawn.
  await expect(track).toContainText(scaleStart);
  await expect.poll(positions).toBeLessThan(wholeRange);
  // The map says which day it shows (the picker is sections above), and leads back to the range.
  await expect(track.getByText(/^The track and stops of /)).toHaveText(
    new RegExp(`^The track and stops of \\D*\\b${dayOfMonth}\\b`),
  );
  await track.getByRole('button', { name: 'Show the whole range' }).click();
  await expect(dayPicker).toHaveValue('');
  await expect(track.getByText(/^The track and stops of /)).toHaveCount(0);
  await expect.poll(positions).toBe(wholeRange);
  // The picker clears it too.
  await dayPicker.selectOption(day);
  await expect.poll(positions).toBeLessThan(wholeRange);
  await dayPicker.selectOption('');
  await expect.poll(positions).toBe(wholeRange);
});

test('the daily summary of a group has a row per node and day, and its file the same', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'fleet', paths.groups.href());
  await page.getByRole('link', { name: 'Vans Westpoort', exact: true }).click();
  await page.getByRole('link', { name: 'Daily summary' }).click();
  await expect(
    page.getByRole('heading', { name: 'Daily summary of Vans Westpoort', level: 1 }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'Daily summary', exact: true });
  const status = summary.getByRole('status');
  // Seven days touch eight local days; thirty vans. The range above names the zone (once).
  await expect(status).toHaveText(/^240 rows$/, { timeout: 60_000 });
  await summary.getByRole('button', { name: 'Sort by Distance' }).click();
  await summary.getByRole('button', { name: 'Sort by Distance' }).click();
  await expect(summary.getByRole('columnheader', { name: /Distance/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const rows = await downloaded(page, 'Export daily summary as CSV');
  expect(rows.length - 1).toBe(240);
  expect(rows[0]?.slice(0, 4)).toEqual(['node', 'node_uuid', 'day', 'distance_m']);
  expect(rows.slice(1).some((row) => Number(row[3]) > 10_000)).toBe(true);
  await expectAccessible(page);
});
