import { expect, test } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('admin creates a group, adds several members at once, removes one, then all', async ({
  page,
  request,
}) => {
  const tag = uniqueSerial('GRP');
  const api = cloud(request);
  await api.node(`${tag}-1`, `Member ${tag} one`);
  await api.node(`${tag}-2`, `Member ${tag} two`);
  await api.node(`${tag}-3`, `Member ${tag} three`);

  await signIn(page, 'admin', paths.groups.href());
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'New group' }).fill(`Group ${tag}`);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { name: `Group ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByText('This group has no members yet.')).toBeVisible();
  const groupUuid = page.url().split('/').pop() ?? '';

  const picker = page.getByRole('combobox', { name: 'Add members' });
  for (const which of ['one', 'two', 'three']) {
    await picker.fill(`${tag} ${which}`);
    await page.getByRole('option', { name: new RegExp(`Member ${tag} ${which}`) }).click();
  }
  await page.getByRole('button', { name: 'Add 3 members' }).click();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(4);
  expect(await api.members(groupUuid)).toHaveLength(3);
  await expectAccessible(page);

  await members.getByRole('button', { name: `Remove Member ${tag} two from the group` }).click();
  await expect(members.getByRole('row')).toHaveCount(3);
  // Removal is optimistic: the page shows it before the cloud has answered.
  await expect
    .poll(async () => (await api.members(groupUuid)).map((m) => m.name).sort())
    .toEqual([`Member ${tag} one`, `Member ${tag} three`]);

  await page.getByRole('button', { name: 'Remove all' }).click();
  await page
    .getByRole('dialog', { name: 'Remove all 2 members?' })
    .getByRole('button', { name: 'Remove all members' })
    .click();
  await expect(page.getByText('This group has no members yet.')).toBeVisible();
  await expect.poll(() => api.members(groupUuid)).toEqual([]);
});

test('admin commissions a node into a group and decommissions it after typing its serial', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('COM');
  const group = await cloud(request).group(`Commission ${serial}`);
  await signIn(page, 'admin', paths.nodes.href());
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Commission node', exact: true }).click();
  await expect(page.getByText('Enter the serial printed on the device.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Serial' }).fill(serial);
  await page.getByRole('textbox', { name: 'Name' }).fill(`Node ${serial}`);
  await page.getByRole('combobox', { name: 'Group (optional)' }).fill(`Commission ${serial}`);
  await page.getByRole('option', { name: `Commission ${serial}` }).click();
  await page.getByRole('button', { name: 'Commission node', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: 'Commissioned' });
  await expect(result.getByRole('link', { name: `Node ${serial}` })).toBeVisible();
  await expect(result).toContainText(serial);
  expect((await cloud(request).members(group.uuid)).map((m) => m.name)).toEqual([`Node ${serial}`]);

  // The same serial again: the cloud's 409 is shown in its own words.
  await page.getByRole('textbox', { name: 'Serial' }).fill(serial);
  await page.getByRole('textbox', { name: 'Name' }).fill('Again');
  await page.getByRole('button', { name: 'Commission node', exact: true }).click();
  await expect(page.getByText(`Node ${serial} is already commissioned.`)).toBeVisible();

  await page
    .getByRole('table', { name: 'Nodes' })
    .getByRole('link', { name: `Node ${serial}` })
    .click();
  await page.getByRole('button', { name: 'Decommission…' }).click();
  const dialog = page.getByRole('dialog', { name: `Decommission Node ${serial}?` });
  await expect(dialog.getByRole('button', { name: 'Decommission' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Type the serial/ }).fill(serial);
  await dialog.getByRole('button', { name: 'Decommission' }).click();
  await expect(page.getByText('Inactive').first()).toBeVisible();
  await expect.poll(() => cloud(request).members(group.uuid)).toEqual([]);
});
