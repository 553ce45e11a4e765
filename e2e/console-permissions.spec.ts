import { expect, test } from '@playwright/test';
import { cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('support sees its profile and matrix, and every action it may not take says why', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('SUP');
  const api = cloud(request);
  const group = await api.group(`Support ${serial}`);
  const node = await api.node(serial, `Support node ${serial}`, group.uuid);

  await signIn(page, 'support', paths.permissions.href());
  await expect(page.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Permissions in tenant demo' });
  await expect(matrix.getByRole('row', { name: /^Nodes and sensors assets / })).toContainText('✓');
  await expect(page.getByText('Create groups')).toBeVisible();
  // In a person's words, with the technical name kept for support in its title.
  const reason = page.getByText('your role does not allow creating groups in tenant demo');
  await expect(reason).toBeVisible();
  await expect(reason).toHaveAttribute('title', /CREATE on groups in tenant demo/);
  await expectAccessible(page);

  await page
    .getByRole('link', { name: /Groups/ })
    .first()
    .click();
  const create = page.getByRole('button', { name: 'Create group' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(
    'You may not do this: your role does not allow creating groups in tenant demo.',
  );

  // support reaches nodes only through groups it was given; admin's new node is out of its reach.
  // Support may look people up, so the page says the channel exists and they may not open it
  // (issue 34), rather than "This channel does not exist".
  await signIn(page, 'support', paths.channel.href(node.uuid));
  await expect(page.getByText(`You may not open Support node ${serial}`)).toBeVisible();
  await expect(page.getByText('This channel does not exist')).toHaveCount(0);
});

test('fleet may read but not change: creating groups and commissioning say why they are disabled', async ({
  page,
}) => {
  await signIn(page, 'fleet', paths.nodes.href());
  await expect(
    page.getByRole('button', { name: 'Commission node', exact: true }),
  ).toHaveAccessibleDescription(
    'You may not do this: your role does not allow commissioning nodes in tenant demo.',
  );
  await expectAccessible(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Groups/ })
    .click();
  await expect(page.getByRole('button', { name: 'Create group' })).toHaveAccessibleDescription(
    'You may not do this: your role does not allow creating groups in tenant demo.',
  );
});

test('a refusal by the cloud names what was refused', async ({ page, request }) => {
  // A group of tenant acme, out of admin's reach: the console cannot know, the cloud says 403.
  const acmeGroup = await cloud(request, 'acme').group(`Acme ${uniqueSerial('G')}`);
  const serial = uniqueSerial('REF');
  // The console cannot know a group it does not reach; a draft left in this tab names one.
  await page.goto(paths.home.href());
  const draft = JSON.stringify({ serial, name: `Refused ${serial}`, groupUuid: acmeGroup.uuid });
  await page.evaluate(
    `sessionStorage.setItem('telemetry-console:draft:commission', ${JSON.stringify(draft)})`,
  );
  await signIn(page, 'admin', paths.nodes.href());
  await expect(page.getByRole('textbox', { name: 'Serial' })).toHaveValue(serial);
  await page.getByRole('button', { name: 'Commission node', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'The node was not commissioned' })).toBeVisible();
  await expect(
    page.getByText(`Refused: you have no access to group channel ${acmeGroup.uuid}.`),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Serial' })).toHaveValue(serial);
});
