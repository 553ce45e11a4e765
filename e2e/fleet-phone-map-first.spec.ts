import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, users } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 33 item 2: the Fleet page on a fleet manager's phone, in Dutch, is map first. The map fills
// the first screen (it started at 562 px, below the options card); the options live in a drawer;
// a tapped van's card leaves most of the map in view; nothing under a sheet shows through it or
// takes a tap (the slider's thumb showed through the list sheet).
test.use({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });

/**
 * Signs in as the fleet manager from a Dutch browser and opens the Fleet page. The words of the
 * provider's page are matched in both languages: it follows the browser's language from issue 33.
 */
async function openFleetInDutch(page: Page) {
  const slow = { timeout: 60_000 };
  await page.goto(paths.fleet.href());
  await page.getByRole('button', { name: /^(Inloggen|Sign in)$/ }).click(slow);
  await page.getByLabel(/^(Gebruikersnaam|Username)$/).fill('fleet', slow);
  await page.getByLabel(/^(Wachtwoord|Password)$/).fill(users.fleet);
  await page.getByRole('button', { name: /^(Inloggen|Sign in)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Vloot', level: 1 })).toBeVisible(slow);
}

/**
 * Points on a grid over what of `cover` is on screen that hit something outside it: what shows
 * through (or takes a tap through) the sheet or the drawer. Empty when the cover is on top. The
 * first few, not thousands.
 */
async function showingThrough(cover: Locator): Promise<string[]> {
  return cover.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const page = element.ownerDocument;
    const top = Math.max(box.top, 0) + 8;
    const bottom = Math.min(box.bottom, page.documentElement.clientHeight) - 8;
    const misses: string[] = [];
    // Every 6 px: a slider's thumb (16 px) cannot fall between two points.
    for (let x = box.left + 8; x <= box.right - 8; x += 6) {
      for (let y = top; y <= bottom; y += 6) {
        const hit = page.elementFromPoint(x, y);
        if (hit && !element.contains(hit)) {
          const name = hit.getAttribute('aria-label') ?? hit.className.toString();
          misses.push(`${Math.round(x)},${Math.round(y)}: ${hit.tagName} ${name.slice(0, 40)}`);
        }
      }
    }
    return misses.slice(0, 10);
  });
}

/** The map's box, and the share of its height that nothing covers (the sheet from below). */
async function mapInView(page: Page) {
  const map = await page.getByRole('region', { name: 'Vlootkaart' }).boundingBox();
  const sheet = await page.getByRole('region', { name: 'Nodes', exact: true }).boundingBox();
  expect(map && sheet).toBeTruthy();
  const top = map?.y ?? 0;
  const bottom = Math.min(top + (map?.height ?? 0), sheet?.y ?? 0);
  return { top, height: map?.height ?? 0, visible: (bottom - top) / (map?.height ?? 1) };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`Fleet on a phone, ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('the map fills the first screen, the options are in a drawer, a van’s card leaves the map in view', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await openFleetInDutch(page);
      const handle = page
        .getByRole('region', { name: 'Nodes', exact: true })
        .getByRole('button', { name: /^De lijst (tonen|verbergen)/ });
      await expect(handle).toHaveAccessibleName(/\(\d+ nodes\)/, { timeout: 60_000 });

      // Map first: its top edge in the top half of the first screen, and it fills that screen.
      const first = await mapInView(page);
      expect(first.top, 'the map’s top edge').toBeLessThan(viewport.height / 2);
      expect(first.visible * first.height, 'the map’s height in view').toBeGreaterThan(
        viewport.height / 2,
      );
      await expect(page.getByRole('combobox', { name: 'Stil na' })).toHaveCount(0);

      // The options: a drawer over the page, nothing from under it on top of it, and they work.
      await page.getByRole('button', { name: 'Kaartopties' }).click();
      const drawer = page.getByRole('dialog', { name: 'Kaartopties' });
      await expect(drawer.getByText(/Tijden in Europe\/Amsterdam/)).toBeVisible();
      await expect(drawer.getByRole('slider', { name: 'Moment op de kaart' })).toBeInViewport();
      // From the window's bottom (once it has slid in), as tall as the options: part of the map
      // stays in view above it.
      const drawerEdges = async () => {
        const box = await drawer.boundingBox();
        return { top: box?.y ?? 0, bottom: Math.round((box?.y ?? 0) + (box?.height ?? 0)) };
      };
      await expect.poll(async () => (await drawerEdges()).bottom).toBe(viewport.height);
      expect((await drawerEdges()).top).toBeGreaterThan(first.top);
      expect(await showingThrough(drawer)).toEqual([]);
      await expectAccessible(page);
      await drawer.getByRole('combobox', { name: 'Stil na' }).selectOption({ label: 'een uur' });
      await expect(drawer.getByText(/geen bericht gedurende een uur/)).toBeVisible();
      await expect(page).toHaveURL(/[?&]silent=60\b/);
      // A moment an hour back: the map is no longer live, and back to live is offered.
      const thumb = drawer.getByRole('slider', { name: 'Moment op de kaart' });
      await thumb.focus();
      for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowLeft');
      await expect(drawer.getByText(/^Posities op /)).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(/[?&]at=/);
      await drawer.getByRole('button', { name: 'Terug naar live' }).click();
      await expect(drawer.getByText('Live posities')).toBeVisible();
      // Fewer nodes: one group of the two the fleet manager reaches.
      const all = Number(/\((\d+) nodes\)/.exec((await handle.textContent()) ?? '')?.[1]);
      await drawer.getByRole('combobox', { name: 'Tonen' }).selectOption({
        label: 'Groep Vans Westpoort',
      });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect
        .poll(async () => Number(/\((\d+) nodes\)/.exec((await handle.textContent()) ?? '')?.[1]), {
          timeout: 60_000,
        })
        .toBeLessThan(all);

      // The list: a sheet that nothing under it shows through (the options button, the map).
      await handle.click();
      await expect(handle).toHaveAttribute('aria-expanded', 'true');
      const sheet = page.getByRole('region', { name: 'Nodes', exact: true });
      expect(await showingThrough(sheet)).toEqual([]);

      // A van tapped in the list: its card is a peek; at least 40 % of the map stays in view.
      await sheet.getByRole('textbox', { name: 'Een node zoeken' }).fill('Van 01');
      await sheet.getByRole('button', { name: 'Van 01 op de kaart tonen' }).click();
      const card = page.getByRole('region', { name: 'Van 01', exact: true });
      await expect(card.getByRole('heading', { name: 'Van 01', level: 2 })).toBeVisible();
      await expect(card.getByText(/Geparkeerd|Rijdt|Stil/).first()).toBeInViewport();
      const withCard = await mapInView(page);
      expect(withCard.visible, 'the share of the map in view').toBeGreaterThanOrEqual(0.4);
      expect(await showingThrough(sheet)).toEqual([]);
      await expectAccessible(page);
      // Everything on the card is reachable within it: the link to today's history.
      await card.getByRole('link', { name: 'Vandaag op de geschiedenispagina' }).click();
      await expect(page).toHaveURL(/\/history\?from=/);
    });
  });
}
