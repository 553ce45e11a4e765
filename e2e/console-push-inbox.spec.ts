import { expect, test } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Push inboxes are our cloud's extension (PUSH_INBOX=on, as npm start and playwright.config.ts
// run it): a person tries their push settings end to end without a receiver of their own.

test('admin tries push with a test inbox: what arrives is shown, verified with the secret being set, and a wrong secret is caught', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('INBOX');
  const api = cloud(request);
  const node = await api.node(serial, `Inbox ${serial}`);
  const gateway = await api.gateway(`GW-${serial}`);

  await signIn(page, 'admin', paths.channel.href(node.uuid));
  const panel = page.getByRole('region', { name: 'Push' });
  await panel.getByRole('button', { name: 'Set up push' }).click();
  await panel.getByRole('button', { name: 'Try with a test inbox' }).click();
  await expect(panel.getByText('The secret must be at least 8 characters.')).toBeVisible();

  await panel.getByRole('button', { name: 'Generate' }).click();
  const secret = await panel.getByLabel(/^Secret/).inputValue();
  await panel.getByRole('button', { name: 'Try with a test inbox' }).click();
  await expect(
    panel.getByRole('alert').filter({ hasText: 'Trying with your test inbox' }),
  ).toBeVisible();
  await expect(panel.getByText('Push is configured')).toBeVisible();
  const configured = await api.channel(node.uuid);
  expect(configured.pushURL).toMatch(/\/v1\/push-inboxes\/[\w-]+\/deliveries$/);
  expect((await api.pushInboxes()).map((i) => i.address)).toContain(configured.pushURL);
  const inboxSection = panel.getByRole('region', { name: 'Test inbox' });
  await expect(inboxSection.getByText('Nothing has arrived yet.')).toBeVisible();

  await gateway.send(serial, 4);
  const arrivals = inboxSection.getByRole('table', { name: 'Arrived in the test inbox' });
  await expect(arrivals.getByRole('row')).toHaveCount(2);
  const newest = arrivals.getByRole('row').nth(1).getByRole('cell');
  await expect(newest.nth(1)).toHaveText('1');
  await expect(newest.nth(2)).toHaveText('Verified');
  await expect(
    inboxSection.getByRole('region', { name: /Latest verified delivery/ }),
  ).toContainText('"temperature": 4');
  await expect(
    panel.getByRole('table', { name: 'Last deliveries' }).getByText('200'),
  ).toBeVisible();
  // Two tables of times, and the page names their zone once (issue 22).
  await expect(page.getByText(/^Times in /)).toHaveCount(1);
  await expectAccessible(page);

  // The same inbox address with another secret: the inbox says the signature does not match.
  await panel.getByRole('textbox', { name: 'Address' }).fill(configured.pushURL as string);
  await panel.getByLabel(/^Secret/).fill('not-the-inbox-secret');
  await panel.getByRole('button', { name: 'Save push' }).click();
  await expect(panel.getByRole('textbox', { name: 'Address' })).toBeHidden();
  await gateway.send(serial, 5);
  await expect(arrivals.getByRole('row')).toHaveCount(3);
  await expect(arrivals.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(
    'Not verified: the signature does not match the inbox secret',
  );
  expect(await page.content()).not.toContain(secret);

  // Removing push deletes the inbox it pointed at.
  await panel.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Stop pushing events?' })
    .getByRole('button', { name: 'Remove push' })
    .click();
  await expect(panel.getByText('Push is not configured')).toBeVisible();
  await expect
    .poll(async () => (await api.pushInboxes()).map((i) => i.address))
    .not.toContain(configured.pushURL);
});
