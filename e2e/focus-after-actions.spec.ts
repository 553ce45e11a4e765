import { expect, test } from '@playwright/test';
import { cloud, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 33: where the keyboard is after an action, in a browser. Two of these lost the notice and
// the focus only in a browser (the component holding the mutation left the page before its
// callbacks ran; jsdom's rendering order hid it): removing a group's last member, and
// decommissioning a node on its own page.

test('after creating a group, adding a member and removing it, the focus stays where the person works', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('FOCUS');
  await cloud(request).node(serial, `Node ${serial}`);
  await signIn(page, 'admin', paths.groups.href());
  const name = `Focus ${serial}`;
  await page.getByRole('textbox', { name: 'New group' }).fill(name);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();

  const picker = page.getByRole('combobox', { name: 'Add members' });
  await picker.fill(serial);
  await page.getByRole('option', { name: `Node ${serial} · Node` }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add member', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Members (1)' })).toBeFocused();

  await page.getByRole('button', { name: `Remove Node ${serial} from the group` }).click();
  await expect(page.getByText(`Node ${serial} removed from the group.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members (0)' })).toBeFocused();
});

test('decommissioning a node on its page opens on the serial field and ends on the node’s heading', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('FOCUS');
  const node = await cloud(request).node(serial, `Node ${serial}`);
  await signIn(page, 'admin', paths.channel.href(node.uuid));
  await page.getByRole('button', { name: 'Decommission…' }).click();
  const field = page.getByRole('dialog').getByRole('textbox', { name: /Type the serial/ });
  await expect(field).toBeFocused();
  await field.fill(serial);
  await page.getByRole('dialog').getByRole('button', { name: 'Decommission' }).click();
  await expect(page.getByText(`Node ${serial} was decommissioned.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Node ${serial}`, level: 1 })).toBeFocused();
});
