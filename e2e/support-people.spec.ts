import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { cloud, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 23: support answers "why can fleet (not) see it, and who changed that?", and an admin
// sees a failing push in red.

test('support finds why fleet cannot read a decommissioned node’s history, and who decommissioned it', async ({
  page,
  request,
}) => {
  const api = cloud(request);
  const vans = (await api.channels('GROUP')).find((g) => g.name === 'Vans Westpoort');
  if (!vans) throw new Error('the demo has no group Vans Westpoort');
  const serial = uniqueSerial('VAN');
  const name = `Van ${serial}`;
  const node = await api.node(serial, name, vans.uuid);
  await api.decommission(node.uuid);

  await signIn(page, 'support', paths.activity.href());
  await page
    .getByRole('combobox', { name: 'Kind of change' })
    .selectOption({ label: 'Node decommissioned' });
  await page.getByRole('button', { name: 'Apply' }).click();
  const entry = page
    .getByRole('table', { name: 'Changes' })
    .getByRole('row')
    .filter({ hasText: `admin decommissioned ${name}` });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('groups: Vans Westpoort → (none)');
  await entry.getByRole('link', { name: 'Check access for…' }).click();

  await expect(
    page.getByText('Choose the person whose access to this channel you want to check.'),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: /Search people/ }).fill('fleet');
  await page.getByRole('table', { name: 'People' }).getByRole('link', { name: 'fleet' }).click();
  const check = page.getByRole('region', { name: 'Check access for fleet' });
  await expect(check.getByText(`fleet does not reach ${name}`)).toBeVisible();
  await expect(
    check.getByText(`${name} is decommissioned: it left every group and has no owner.`),
  ).toBeVisible();
  await expect(
    check.getByRole('listitem').filter({ hasText: 'fleet may not read its history' }),
  ).toContainText(
    `${name} is out of reach. Once in reach, READ on assets.history in tenant demo would allow it.`,
  );
  await expect(
    check
      .getByRole('table', { name: `Latest changes to ${name}` })
      .getByText(`admin decommissioned ${name}`),
  ).toBeVisible();
});

test('an admin sees a failing push turn red and recover', async ({ page, request }) => {
  let answer = 503;
  const receiver: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(answer).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  try {
    const api = cloud(request);
    const serial = uniqueSerial('PUSHRED');
    const name = `Pusher ${serial}`;
    const node = await api.node(serial, name);
    await api.setPush(node.uuid, `http://127.0.0.1:${port}/hook`, 'e2e-push-secret');

    await signIn(page, 'admin', paths.channel.href(node.uuid));
    const panel = page.getByRole('region', { name: 'Push' });
    await expect(panel.getByText('Push is configured')).toBeVisible();
    await panel.getByRole('button', { name: 'Send a test event' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Test event not delivered: the receiver answered 503.',
    );
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('Push is failing');
    await expect(alert).toContainText('the receiver answered 503');

    await page.goto(paths.channels.href({ q: name }));
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('FAILING')).toBeVisible();
    await expect(row.getByText('the receiver answered 503')).toBeVisible();

    answer = 204;
    await row.getByRole('link', { name }).click();
    await panel.getByRole('button', { name: 'Send a test event' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Test event delivered: the receiver answered 204.',
    );
    await expect(panel.getByText('Push is configured')).toBeVisible();
    await expect(panel.getByText('Push is failing')).toBeHidden();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

// Issue 34, item 5: a channel out of support's own reach, found by the name a caller gives.
test('support finds Reefer 07 by name in Check access, though it is out of their own reach', async ({
  page,
}) => {
  await signIn(page, 'support', paths.people.href());
  await page.getByRole('searchbox', { name: /Search people/ }).fill('fleet');
  await page.getByRole('table', { name: 'People' }).getByRole('link', { name: 'fleet' }).click();
  const check = page.getByRole('region', { name: 'Check access for fleet' });
  await check.getByRole('searchbox', { name: 'Channel' }).fill('Reefer 07');
  await check.getByRole('button', { name: /^Reefer 07 · / }).click();
  await expect(check.getByRole('heading', { name: 'Can fleet use Reefer 07?' })).toBeVisible();
  await expect(
    check.getByText('fleet reaches Reefer 07 through the group Cold chain'),
  ).toBeVisible();
  await expect(page.getByText('No channel in your reach matches')).toHaveCount(0);
});
