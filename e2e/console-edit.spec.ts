import { expect, test } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('admin edits properties: invalid JSON is refused before sending, a save shows in the table, remove asks first', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('PROP');
  const api = cloud(request);
  const node = await api.node(serial, `Props ${serial}`);
  await signIn(page, 'admin', paths.channel.href(node.uuid));
  const panel = page.getByRole('region', { name: 'Properties' });
  await panel.getByRole('button', { name: 'Add properties' }).click();
  const editor = panel.getByRole('textbox', { name: /Properties/ });
  await editor.fill('["not", "an object"]');
  await panel.getByRole('button', { name: 'Save properties' }).click();
  await expect(panel.getByText(/must be a JSON object/)).toBeVisible();

  await editor.fill('{"site": "north", "capacity": 12}');
  await panel.getByRole('button', { name: 'Save properties' }).click();
  const table = panel.getByRole('table', { name: 'Properties' });
  await expect(table.getByRole('row', { name: /site north/ })).toBeVisible();
  expect((await api.channel(node.uuid)).properties).toEqual({ site: 'north', capacity: 12 });
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the other properties?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table).toBeVisible();
  await panel.getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove properties' }).click();
  await expect(panel.getByText('This channel has no properties.')).toBeVisible();
  // Removal is optimistic: the page shows it before the cloud has answered.
  await expect.poll(async () => (await api.channel(node.uuid)).properties).toBeUndefined();
});

test('admin sets push with a generated secret that is never shown again, then removes it', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('PUSH');
  const api = cloud(request);
  const node = await api.node(serial, `Push ${serial}`);
  await signIn(page, 'admin', paths.channel.href(node.uuid));
  const panel = page.getByRole('region', { name: 'Push' });
  await expect(panel.getByText('Push is not configured')).toBeVisible();
  await expect(panel.getByText(/webhook\.verify/)).toBeVisible();
  await panel.getByRole('button', { name: 'Set up push' }).click();
  await panel.getByRole('textbox', { name: 'Address' }).fill('ftp://example.com');
  await panel.getByRole('button', { name: 'Save push' }).click();
  await expect(panel.getByText('The address must start with https:// or http://.')).toBeVisible();

  await panel.getByRole('textbox', { name: 'Address' }).fill('https://example.com/telemetry-hook');
  await panel.getByRole('textbox', { name: /Interval/ }).fill('30');
  await panel.getByRole('button', { name: 'Generate' }).click();
  const secret = await panel.getByLabel(/^Secret/).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await panel.getByRole('button', { name: 'Save push' }).click();
  await expect(panel.getByText('Push is configured')).toBeVisible();
  await expect(panel).toContainText('https://example.com/telemetry-hook');
  await expect(panel).toContainText('at most one batch every 30 seconds');
  expect(await page.content()).not.toContain(secret);
  expect(await api.channel(node.uuid)).toMatchObject({
    pushURL: 'https://example.com/telemetry-hook',
    pushInterval: 30,
  });
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Stop pushing events?' })
    .getByRole('button', { name: 'Remove push' })
    .click();
  await expect(panel.getByText('Push is not configured')).toBeVisible();
  // Removal is optimistic: the page shows it before the cloud has answered.
  await expect.poll(async () => (await api.channel(node.uuid)).pushURL).toBeUndefined();
});
