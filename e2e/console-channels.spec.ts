import { expect, test } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('admin lands on the fleet, finds channels by type and name, and the URL keeps the filter', async ({
  page,
  request,
}) => {
  const api = cloud(request);
  const tag = uniqueSerial('FIND');
  await api.node(`${tag}-1`, `Lorry ${tag} A`);
  await api.node(`${tag}-2`, `Lorry ${tag} B`);
  await api.group(`Depot ${tag}`);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/fleet$/);
  await expect(page.getByRole('heading', { name: 'Fleet' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cloud operational' })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Channels/ })
    .click();
  await page.getByRole('textbox', { name: 'Filter by name' }).fill(tag.toLowerCase());
  const table = page.getByRole('table', { name: 'Channels' });
  await expect(table.getByRole('link', { name: `Lorry ${tag} A` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Depot ${tag}` })).toBeVisible();
  await expect(page.getByText(/^3 (of \d+ )?channels$/)).toBeVisible();

  await page.getByRole('main').getByText('Groups', { exact: true }).click();
  await expect(table.getByRole('link', { name: `Depot ${tag}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Lorry ${tag} A` })).toHaveCount(0);
  await expect(page).toHaveURL(
    new RegExp(`type=GROUP.*q=${tag.toLowerCase()}|q=${tag.toLowerCase()}.*type=GROUP`),
  );
  await expectAccessible(page);

  // A deep link shows the same list to a colleague.
  const link = new URL(page.url());
  await signIn(page, 'admin', link.pathname + link.search);
  await expect(page.getByRole('textbox', { name: 'Filter by name' })).toHaveValue(
    tag.toLowerCase(),
  );
  await expect(
    page.getByRole('table', { name: 'Channels' }).getByRole('link', { name: `Depot ${tag}` }),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Filter by name' }).fill('no channel is called this');
  await expect(page.getByText('No channel matches')).toBeVisible();
});

test('a channel page shows every field of the record; an unknown channel is a not-found page', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('REC');
  const node = await cloud(request).node(serial, `Record ${serial}`);
  await signIn(page, 'admin', paths.channel.href(node.uuid));
  await expect(page.getByRole('heading', { name: `Record ${serial}`, level: 1 })).toBeVisible();
  const record = page.getByRole('region', { name: 'Record' });
  await expect(record).toContainText(node.uuid);
  await expect(record).toContainText(serial);
  await expect(record).toContainText('NODE');
  await expect(record.getByText('Not configured')).toBeVisible();
  await expectAccessible(page);

  await signIn(page, 'admin', paths.channel.href('00000000-0000-4000-8000-000000000000'));
  await expect(page.getByText('This channel does not exist')).toBeVisible();
});
