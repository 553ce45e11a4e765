import { expect, test, type APIRequestContext } from '@playwright/test';
import { nearestPlace, readPlaces, type NamedPlace } from '../contract/named-places.ts';
import { chooseLanguage } from './language.ts';
import { basic } from './support.ts';
import { signInPatiently } from './warm.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 22 item 6 and its Dutch journey: a fleet manager in the yard, on a phone (390 × 844) in
// Amsterdam, finds a van on the Fleet map through the bottom sheet and reads its day.
// The browser speaks English: the person chooses Dutch in the header, as console-dutch.spec.ts.
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Amsterdam' });

const coordinates = /-?\d{1,3}\.\d{4,}, -?\d{1,3}\.\d{4,}/;

/**
 * The places that can name where Van 01 stands (0063): its own and those of the groups that hold
 * it, as the card's place book pools them.
 */
async function placesOfVan(request: APIRequestContext): Promise<NamedPlace[]> {
  const headers = basic('admin');
  type Listed = { uuid: string; name: string; properties?: Record<string, unknown> };
  const list = async (path: string) => {
    const response = await request.get(path, { headers });
    expect(response.ok(), path).toBe(true);
    return (await response.json()) as Listed[];
  };
  const van = (await list('/v1/channels?channelType=NODE')).find((n) => n.name === 'Van 01');
  expect(van, 'Van 01 in the demo').toBeDefined();
  const places = readPlaces(van?.properties);
  for (const group of await list('/v1/channels?channelType=GROUP')) {
    const members = await list(`/v1/groups/${group.uuid}`);
    if (members.some((member) => member.uuid === van?.uuid))
      places.push(...readPlaces(group.properties));
  }
  return places;
}

test('in Dutch on a phone, today’s stops of a van are named by place, in local time', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const places = await placesOfVan(request);
  expect(places.length).toBeGreaterThan(0);
  const known = new Set(places.map((place) => place.name));
  await signInPatiently(page, 'fleet', paths.fleet.href());
  await chooseLanguage(page, 'nl');
  await expect(page.getByRole('heading', { name: 'Vloot', level: 1 })).toBeVisible({
    timeout: 60_000,
  });
  // The zone is named once, with the map's options (a drawer on a phone, decision 0165), and
  // times carry none of their own.
  await page.getByRole('button', { name: 'Kaartopties' }).click();
  const options = page.getByRole('dialog', { name: 'Kaartopties' });
  await expect(options.getByText(/Tijden in Europe\/Amsterdam \(UTC\+0[12]:00\)/)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();

  // The list is a sheet over the map: closed, the map is in view.
  const sheet = page.getByRole('region', { name: 'Nodes', exact: true });
  const handle = sheet.getByRole('button', { name: /^De lijst tonen/ });
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Vlootkaart' })).toBeInViewport({ ratio: 0.3 });
  // Fixed to the window's bottom: in view without scrolling.
  await expect(handle).toBeInViewport();
  await handle.click();
  await expect(sheet.getByRole('button', { name: 'De lijst verbergen' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await sheet.getByRole('textbox', { name: 'Een node zoeken' }).fill('Van 01');
  await sheet.getByRole('button', { name: 'Van 01 op de kaart tonen' }).click();

  // The card: where the van is, by name, and its stops since midnight.
  const card = page.getByRole('region', { name: 'Van 01', exact: true });
  await expect(card.getByRole('heading', { name: 'Van 01', level: 2 })).toBeVisible();
  await expect(card.getByText('Temperatuur', { exact: true })).toBeVisible();
  const stops = card.getByRole('list', { name: 'Stops van vandaag' });
  await expect(stops.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
  const lines = await stops.getByRole('listitem').allInnerTexts();
  for (const line of lines) {
    const [place, time] = line.split(' · ');
    expect(place, line).not.toMatch(coordinates);
    expect(known.has(place ?? ''), `${line}: a place the owner named`).toBe(true);
    // Dutch local time: a 24-hour clock, hours and minutes, no zone and no AM/PM.
    expect(time, line).toMatch(
      /^(\d{1,2}:\d{2}–\d{1,2}:\d{2}|sinds \d{1,2}:\d{2}|tot \d{1,2}:\d{2}|de hele dag tot nu)$/,
    );
  }
  // Where it stands: the place that holds it by name; between places (driving, and no geocoder
  // in this cloud) the coordinates, which then no named place may hold.
  const position = (await card.getByLabel('Laatste positie').innerText()).split(', ');
  const ago = position.pop();
  expect(ago, 'how long ago').toMatch(/^(zojuist|.*geleden)$/);
  const shown = position.join(', ');
  if (coordinates.test(shown)) {
    const [lat, lon] = shown.split(', ').map(Number);
    expect(nearestPlace(places, lat ?? NaN, lon ?? NaN)?.name, `${shown}: held by no place`).toBe(
      undefined,
    );
  } else expect(known.has(shown), `${shown}: a place the owner named`).toBe(true);

  // Follow live keeps the van in view; the history link opens today.
  const follow = card.getByRole('switch', { name: 'Live volgen' });
  await follow.check();
  await expect(follow).toBeChecked();
  await card.getByRole('link', { name: 'Vandaag op de geschiedenispagina' }).click();
  await expect(page).toHaveURL(/\/history\?from=/);
});

test('on a phone every control of the Fleet page is at least 44 px, and the sheet works by keyboard', async ({
  page,
}) => {
  await signInPatiently(page, 'admin', paths.fleet.href());
  const sheet = page.getByRole('region', { name: 'Nodes', exact: true });
  const handle = sheet.getByRole('button', { name: /^(Show|Hide) the list/ });
  await handle.focus();
  await page.keyboard.press('Enter');
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  await expect(sheet.getByRole('table', { name: 'Nodes on the map' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await expect(sheet.getByRole('table', { name: 'Nodes on the map' })).toBeHidden();
  await page.keyboard.press('ArrowUp');
  await expect(sheet.getByRole('row').filter({ hasText: 'Van 01' })).toHaveCount(1, {
    timeout: 60_000,
  });
  const small = await sheet.evaluate((element) =>
    [...element.querySelectorAll('button, a[href], input, select')].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return [];
      return box.height < 44 || box.width < 44
        ? [
            `${control.textContent || control.getAttribute('aria-label')}: ${Math.round(box.width)}×${Math.round(box.height)}`,
          ]
        : [];
    }),
  );
  expect(small).toEqual([]);
});
