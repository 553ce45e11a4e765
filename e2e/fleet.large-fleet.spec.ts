import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// The large fleet of `npm run seed:large` (playwright.config.ts): admin owns 10,001 nodes, 100 of
// them in "Benchmark group", each with a position within the last day.

interface Traffic {
  started: string[];
  inFlight: number;
  most: number;
}

/** Counts the page's requests to the cloud's API as they start and end. */
function watch(page: Page): Traffic {
  const traffic: Traffic = { started: [], inFlight: 0, most: 0 };
  const api = (url: string) => new URL(url).pathname.startsWith('/v1/');
  page.on('request', (request) => {
    if (!api(request.url())) return;
    traffic.started.push(new URL(request.url()).pathname);
    traffic.inFlight += 1;
    traffic.most = Math.max(traffic.most, traffic.inFlight);
  });
  const done = (request: { url(): string }) => {
    if (api(request.url())) traffic.inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return traffic;
}

test('the Fleet page shows 10,000 nodes from the latest-positions extension, asked at the moment and 2 minutes before', async ({
  page,
}) => {
  await signIn(page, 'admin', paths.channels.href());
  const traffic = watch(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Fleet/ })
    .click();
  await expect(page.getByText(/^10,001 nodes with a position in the 24 hours before/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByText(/^Showing 100 of 10,001 nodes; type to narrow the list\.$/),
  ).toBeVisible();
  // Two answers: where each node is, and where it was 2 minutes before, so motion is judged by
  // the speed between them (docs/decisions/0062-states-at-any-moment.md).
  expect(traffic.started.filter((path) => path === '/v1/positions')).toHaveLength(2);
  expect(traffic.started.filter((path) => path.endsWith('/history'))).toEqual([]);
  // The map's active alarms come in pages of 1,000 for its whole scope, never a request per node.
  const alarms = traffic.started.filter((path) => path === '/v1/alarms');
  expect(alarms.length).toBeLessThanOrEqual(2);
  expect(traffic.started.length - alarms.length).toBeLessThanOrEqual(5);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const find = page.getByRole('textbox', { name: 'Find a node' });
  await find.fill('Node 09999');
  const list = page.getByRole('table', { name: 'Nodes on the map' });
  await expect(list.getByRole('button', { name: 'Show Node 09999 on the map' })).toBeVisible();
});

test('without the extension it asks a handful at a time, shows progress, and stops when the person leaves', async ({
  page,
}) => {
  // A cloud that follows the interface only: the OpenAPI document names no latest positions.
  await page.route('**/v1/openapi.json', (route) => route.fulfill({ json: { paths: {} } }));
  await signIn(page, 'admin', paths.channels.href());
  const traffic = watch(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Fleet/ })
    .click();
  const progress = page.getByText(/^Loading positions: [\d,]+ of 9,902 requests answered$/);
  await expect(progress).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Positions loaded' })).toBeVisible();
  // Positions appear as they arrive.
  await expect(page.getByRole('table', { name: 'Nodes on the map' })).toContainText('Node 0', {
    timeout: 20_000,
  });
  expect(traffic.started.filter((path) => path.endsWith('/history')).length).toBeGreaterThan(6);
  expect(traffic.most).toBeLessThanOrEqual(8);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Groups/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  const history = () => traffic.started.filter((path) => path.endsWith('/history')).length;
  const left = history();
  await page.waitForTimeout(1_500);
  expect(history()).toBe(left);
  expect(traffic.most).toBeLessThanOrEqual(8);
});
