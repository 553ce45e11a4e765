import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chooseLanguage } from './language.ts';
import { cloud, signIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Every page of the route table's paths (src/lib/paths.ts, which src/app/router.tsx mounts) on a
// phone, 360 and 390 px wide, in Dutch and in English (issue 33): the document, the header and
// every table fit the screen, every button and link of the page lies within it, and no table
// cell cuts its text. One browser context per width and language, signed in once as admin (who
// sees every page).

/** Pages that are not the console's own screens: signing in and its return. */
const notScreens = new Set<keyof typeof paths>(['signIn', 'callback']);

/** Demo channels a page with a channel in its path is opened for: a van, a group of reefers. */
const samples = { node: 'Van 03', group: 'Cold chain' } as const;

/** Every route's URLs, with real channels for its parameters; a new parameter fails here. */
function hrefsOf(
  pattern: string,
  uuids: Record<keyof typeof samples, string>,
): { name: string; href: string }[] {
  const parameters: string[] = pattern.match(/:\w+/g) ?? [];
  if (parameters.length === 0) return [{ name: pattern, href: pattern }];
  const kinds = parameters.includes(':groupUuid')
    ? (['group'] as const)
    : (['node', 'group'] as const);
  return kinds.map((kind) => {
    const href = pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (name !== 'channelUuid' && name !== 'groupUuid')
        throw new Error(`no sample for :${name} of ${pattern}: add one to phone-layout.spec.ts`);
      return uuids[kind];
    });
    return { name: `${pattern} (${samples[kind]})`, href };
  });
}

// Runs in the page (e2e is type-checked without the DOM library): what does not fit, in words.
const measure = `(() => {
  const width = window.innerWidth;
  const problems = [];
  const name = (element) =>
    (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 60);
  // Seen on the screen: not visually hidden (1 px, for screen readers), not the skip link parked
  // off-screen until focused, not folded into a closed details.
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && box.right > -1000 &&
      getComputedStyle(element).visibility !== 'hidden' &&
      !element.closest('details:not([open]) > :not(summary)');
  };
  if (document.documentElement.scrollWidth > width + 1)
    problems.push('the document is ' + document.documentElement.scrollWidth + ' px wide');
  const header = document.querySelector('header');
  if (header) for (const element of header.querySelectorAll('*')) {
    if (!shown(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.right > width + 1 || box.left < -1)
      problems.push('header: ' + name(element) + ' at ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  const main = document.querySelector('main');
  if (!main) return ['no main'];
  for (const element of main.querySelectorAll('*')) {
    const style = getComputedStyle(element);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1 && shown(element) &&
        !element.closest('.leaflet-container, .maplibregl-map'))
      problems.push('scrolls sideways (' + element.scrollWidth + ' px in ' + element.clientWidth + '): ' +
        name(element.closest('[role=table], table, [aria-label]') || element));
  }
  for (const element of main.querySelectorAll('button, a[href], [role=button], select, input, label')) {
    if (!shown(element) || element.closest('.leaflet-container, .maplibregl-map')) continue;
    const box = element.getBoundingClientRect();
    if (box.right > width + 1 || box.left < -1)
      problems.push('action outside the screen: ' + name(element) + ' at x ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  for (const cell of main.querySelectorAll('[role=cell], td, th, [role=columnheader], .tc-card dd, .tc-card-title')) {
    if (!shown(cell)) continue;
    const cut = cell.scrollWidth > cell.clientWidth + 1 ||
      [...cell.querySelectorAll('*')].some((inner) => shown(inner) && inner.scrollWidth > inner.clientWidth + 1 &&
        getComputedStyle(inner).overflowX !== 'visible');
    if (cut) problems.push('cut in a table cell: ' + name(cell));
  }
  return [...new Set(problems)];
})()`;

/** Waits until the page has settled: its heading, nothing loading or busy. */
async function settled(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.locator('main [aria-busy="true"], main .mantine-Loader-root, main .mantine-Skeleton-root'),
  ).toHaveCount(0, { timeout: 60_000 });
  await expect(
    page.getByRole('progressbar', { name: /Loading the page|Pagina laden/ }),
  ).toHaveCount(0);
}

const routes = Object.entries(paths).filter(
  ([name]) => !notScreens.has(name as keyof typeof paths),
);

for (const width of [360, 390] as const) {
  for (const language of ['nl', 'en'] as const) {
    test.describe(`every page at ${width} px in ${language}`, () => {
      let context: BrowserContext;
      let page: Page;
      const uuids = { node: '', group: '' };

      test.beforeAll(async ({ browser, request, baseURL }) => {
        const api = cloud(request);
        const nodes = await api.channels('NODE');
        const groups = await api.channels('GROUP');
        uuids.node = nodes.find((n) => n.name === samples.node)?.uuid ?? '';
        uuids.group = groups.find((g) => g.name === samples.group)?.uuid ?? '';
        expect(uuids).toEqual({ node: expect.any(String), group: expect.any(String) });
        context = await browser.newContext({
          baseURL,
          viewport: { width, height: width === 360 ? 740 : 844 },
          // Signed in in English (the helpers find the sign-in page by its English words), then
          // the language is chosen in the menu as a person does.
          locale: 'en-GB',
          hasTouch: true,
          isMobile: true,
        });
        page = await context.newPage();
        await signIn(page, 'admin', paths.channels.href());
        await chooseLanguage(page, language);
      });
      test.afterAll(async () => context.close());

      for (const [, route] of routes) {
        test(`${route.pattern} fits`, async () => {
          test.setTimeout(120_000);
          for (const { name, href } of hrefsOf(route.pattern, uuids)) {
            await page.goto(href);
            await settled(page);
            // Tables arrive after the page (history is computed off the main thread): the
            // measurement is repeated until it holds, and its last findings are the failure.
            await expect
              .poll(() => page.evaluate(measure) as Promise<string[]>, {
                message: `${name} at ${width} px, ${language}`,
                timeout: 8_000,
              })
              .toEqual([]);
          }
        });
      }
    });
  }
}
