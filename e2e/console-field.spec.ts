import { expect, test, type Page } from '@playwright/test';
import { basic, cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 9: the console as people met it in the field, against the demo fleet the cloud seeds.

const fleetStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /with a position in the 24 hours before/ });

/**
 * How many nodes admin's Fleet map must show: the demo's 100, and any node another spec left
 * with a recent position (the specs share one cloud; the alarms journey's reefer, decommissioned
 * but with a fix of minutes ago, stays in admin's positions, as the cloud answers them).
 */
async function fleetSize(page: Page): Promise<number> {
  const answer = await page.request.get('/v1/positions', {
    headers: basic('admin'),
  });
  const { nodes } = (await answer.json()) as { nodes: unknown[] };
  expect(nodes.length).toBeGreaterThanOrEqual(100);
  return nodes.length;
}

async function acmeTruck(page: Page) {
  const listing = await page.request.get('/v1/channels?channelType=NODE&filter=Acme%20Truck%2001', {
    headers: basic('admin'),
  });
  const [truck] = (await listing.json()) as { uuid: string; tenant?: string }[];
  expect(truck?.tenant).toBe('acme');
  return truck?.uuid ?? '';
}

test('the fleet map frames every node, fits a 1280 × 800 window, and keeps the view the person chose across refreshes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await signIn(page, 'admin', paths.fleet.href());
  const size = await fleetSize(page);
  await expect(fleetStatus(page)).toContainText(new RegExp(`^${size} nodes`));
  // The zone is named where the page does not say it elsewhere.
  await expect(fleetStatus(page)).toContainText(/before .+ (UTC|GMT)/);
  const map = page.getByRole('region', { name: 'Fleet map' });
  // The map and the list beside it (down to its count under the table) are on screen whole.
  const count = page.getByText(/^(\d+ nodes|Showing \d+ of \d+ nodes; type to narrow the list\.)$/);
  for (const part of [map, count]) {
    const box = await part.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
  }
  // Tenant acme's trucks are said quietly, not as an error.
  await expect(page.getByRole('note')).toContainText(
    '4 nodes of tenant acme: your role does not allow reading the history of nodes and sensors in tenant acme.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The person zooms all the way out; the minute refresh must leave it there.
  const zoomOut = map.getByRole('button', { name: 'Zoom out' });
  // The page's clock is installed: each zoom animation ends only when time runs on, and a click
  // during one is ignored by Leaflet, so every click is followed by the animation's quarter second.
  for (let i = 0; i < 20 && (await zoomOut.getAttribute('aria-disabled')) !== 'true'; i++) {
    await zoomOut.click();
    await page.clock.runFor(400);
  }
  await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
  const before = await fleetStatus(page).textContent();
  await page.clock.fastForward(61_000);
  await expect(fleetStatus(page)).not.toHaveText(before ?? '');
  await expect(fleetStatus(page)).toContainText(new RegExp(`^${size} nodes`));
  await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
});

test('at 768 px the opened menu lies above the map, and the map follows the dark theme', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, 'admin', paths.fleet.href());
  const size = await fleetSize(page);
  await expect(fleetStatus(page)).toContainText(new RegExp(`^${size} nodes`));
  await page.getByRole('button', { name: 'Open navigation' }).click();
  // The folded navigation's foot (who is signed in, Sign out) lies over the map: it must be on top.
  await page.getByRole('button', { name: 'Sign out' }).click({ trial: true, timeout: 5_000 });
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Permissions/ })
    .click({ timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(fleetStatus(page)).toContainText(new RegExp(`^${size} nodes`));
  await expectAccessible(page);
});

test('an admin who may read tenant acme but not change it is told so, quietly, and never refused', async ({
  page,
}) => {
  const truck = await acmeTruck(page);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await signIn(page, 'admin', paths.channel.href(truck));
  await expect(page.getByRole('heading', { name: 'Acme Truck 01', level: 1 })).toBeVisible();
  const reason =
    'You may not do this: your role does not allow editing nodes and sensors in tenant acme.';
  const properties = page.getByRole('region', { name: 'Properties' });
  await expect(properties.getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
    reason,
  );
  await expect(
    page.getByRole('region', { name: 'Push' }).getByRole('button', { name: 'Set up push' }),
  ).toHaveAccessibleDescription(reason);
  await expect(
    page
      .getByRole('region', { name: 'Decommission' })
      .getByRole('button', { name: /Decommission/ }),
  ).toHaveAccessibleDescription(
    'You may not do this: your role does not allow decommissioning nodes in tenant acme.',
  );

  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page.getByRole('note')).toContainText('needs READ on assets.history in tenant acme');

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Permissions/ })
    .click();
  const summary = page.getByRole('region', { name: 'In this console you can' });
  await expect(
    summary.getByRole('listitem').filter({ hasText: 'Edit properties and push of nodes' }),
  ).toContainText('Only in demo');
  expect(refused).toEqual([]);
});

test('a group name the tenant already uses is refused by the cloud, and the form says so', async ({
  page,
  request,
}) => {
  const name = `Depot ${uniqueSerial('DUP')}`;
  await cloud(request).group(name);
  await signIn(page, 'admin', paths.groups.href());
  const field = page.getByRole('textbox', { name: 'New group' });
  await field.fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(field).toHaveAccessibleDescription(
    `A group named “${name.toLowerCase()}” already exists; choose another name.`,
  );
  await field.fill(`${name} 2`);
  await expect(page.getByText(/already exists/)).toHaveCount(0);
});

test('during an outage badge and banner agree at once, a Save says it did not happen and keeps the draft, and the page recovers by itself', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('OUT');
  const node = await cloud(request).node(serial, `Outage ${serial}`);
  await signIn(page, 'admin', paths.channel.href(node.uuid));
  await expect(page.getByRole('heading', { name: `Outage ${serial}`, level: 1 })).toBeVisible();
  await page
    .getByRole('region', { name: 'Properties' })
    .getByRole('button', { name: 'Add properties' })
    .click();
  const editor = page.getByRole('textbox', { name: /Properties/ });
  await expect(editor).toBeFocused();
  await editor.fill('{"dock": 7}');

  await page.route('**/v1/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Save properties' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Properties were not saved' }),
  ).toContainText('so this did not happen. What you entered is kept here');
  const badge = page.getByRole('status').filter({ hasText: /^Cloud / });
  await expect(badge).toHaveText('Cloud unreachable', { timeout: 2_000 });
  await expect(
    page.getByText('The cloud cannot be reached. What you see may be out of date'),
  ).toBeVisible();
  await expect(editor).toHaveValue('{"dock": 7}');
  await expectAccessible(page);

  // The cloud answers again: nobody presses Retry.
  await page.unroute('**/v1/**');
  await expect(badge).toHaveText('Cloud operational', { timeout: 15_000 });
  await expect(
    page.getByText('The cloud cannot be reached. What you see may be out of date'),
  ).toHaveCount(0);
  await expect(editor).toHaveValue('{"dock": 7}');
  await page.getByRole('button', { name: 'Save properties' }).click();
  await expect(page.getByRole('table', { name: 'Properties' })).toContainText('dock');
});
