import { expect, test, type Page } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 12: the fleet map and history move as data arrives, through one live stream per page.

/** The page's requests to the cloud's API, by path. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/v1/')) seen.push(path);
  });
  return seen;
}

test('a van moves on the fleet map while the person watches, through one stream for its group', async ({
  page,
  request,
}) => {
  const api = cloud(request);
  const serial = uniqueSerial('LIVE');
  const group = await api.group(`Live ${serial}`);
  const van = await api.node(serial, `Van ${serial}`, group.uuid);
  const gateway = await api.gateway(`GW-${serial}`);
  await gateway.sendPosition(serial, 52.37, 4.89);

  await signIn(page, 'admin', paths.channels.href());
  const seen = requests(page);
  await page.goto(`${paths.fleet.href()}?group=${group.uuid}`);
  await expect(page.getByRole('status', { name: /^Live: readings appear/ })).toBeVisible();
  const list = page.getByRole('table', { name: 'Nodes on the map' });
  const row = list.getByRole('row', { name: new RegExp(`Van ${serial}`) });
  await expect(row).toContainText('Parked');
  await list.getByRole('button', { name: `Show Van ${serial} on the map` }).click();
  const popup = page.getByText(/^GPS fix, accurate to about 5 m at /);
  await expect(popup).toContainText('at 52.37000, 4.89000');

  // It drives off: 450 m north, then on; the map and the list follow without a reload.
  await gateway.sendPosition(serial, 52.374, 4.89);
  await expect(popup).toContainText('at 52.37400, 4.89000', { timeout: 5_000 });
  await expect(row).toContainText('Moving');
  await expect(row).toContainText(/\d+ s ago/);
  await gateway.sendPosition(serial, 52.378, 4.891);
  await expect(popup).toContainText('at 52.37800, 4.89100', { timeout: 5_000 });

  // One stream for the page (the group's), never one per node.
  expect(seen.filter((path) => path.endsWith('/events'))).toEqual([
    `/v1/channels/${group.uuid}/events`,
  ]);
  // Positions asked for once: at the moment and a little before it (the speed between fixes).
  expect(seen.filter((path) => path === '/v1/positions')).toHaveLength(2);
  expect(seen.filter((path) => path.includes(van.uuid))).toEqual([]);

  // Silence is the person's choice: a minute-old van is not silent after 5 minutes...
  await page.getByRole('combobox', { name: 'Silent after' }).selectOption('5 minutes');
  await expect(row).not.toContainText('Silent');
  // ...and the list sorts by state.
  await list.getByRole('button', { name: 'State' }).click();
  await expect(list.getByRole('columnheader', { name: /State/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expectAccessible(page);
});

test('history follows live: a new reading joins the raw data without a reload', async ({
  page,
  request,
}) => {
  const api = cloud(request);
  const serial = uniqueSerial('FOLLOW');
  const node = await api.node(serial, `Reefer ${serial}`);
  const gateway = await api.gateway(`GW-${serial}`);
  await gateway.send(serial, 4);

  await signIn(page, 'admin', paths.channelHistory.href(node.uuid));
  const raw = page.getByRole('region', { name: 'Raw messages' });
  await expect(raw).toContainText('4 °C');
  await page.getByRole('switch', { name: 'Follow live' }).check();
  await expect(page.getByRole('status', { name: /^Live: readings appear/ })).toBeVisible();
  await gateway.send(serial, -7);
  await expect(raw).toContainText('\u22127 °C', { timeout: 5_000 });
  await expect(page.getByRole('status').filter({ hasText: /\b2 messages$/ })).toBeVisible();
});

test('without the extension the fleet map says it is not live and asks once a minute', async ({
  page,
}) => {
  // A cloud without the live stream and the latest-positions extension. It keeps the alarms
  // extension: without it the console's own alarm watch reads history every 30 s too
  // (alarms-page-local.test.tsx), and this test counts the Fleet map's history requests.
  await page.route('**/v1/openapi.json', (route) =>
    route.fulfill({ json: { paths: { '/v1/alarms': { get: {} } } } }),
  );
  await signIn(page, 'admin', paths.channels.href());
  const seen = requests(page);
  await page.clock.install();
  await page.goto(paths.fleet.href());
  await expect(
    page.getByRole('status', { name: /^Not live: this cloud offers no live stream/ }),
  ).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: /^\d+ nodes with a position/ });
  // Without the extension the positions come from history, six requests for the demo fleet:
  // over 10 s while other work holds the cores.
  await expect(status).toContainText('asks again every minute', { timeout: 30_000 });
  // Once a minute after the last pass ended, history is asked again; never a stream.
  const asked = () => seen.filter((path) => path.endsWith('/history')).length;
  const first = asked();
  expect(first).toBeGreaterThan(0);
  await page.clock.fastForward(30_000);
  expect(asked()).toBe(first);
  await page.clock.fastForward(31_000);
  await expect.poll(asked).toBeGreaterThan(first);
  expect(seen.filter((path) => path.endsWith('/events'))).toEqual([]);
});
