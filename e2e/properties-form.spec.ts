import { expect, test } from '@playwright/test';
import { basic, cloud, expectAccessible, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('admin sets a reefer’s limit in the form, not JSON: inherited from its group, overridden, its cargo kept', async ({
  page,
  request,
}) => {
  const serial = uniqueSerial('FORM');
  const api = cloud(request);
  const group = await api.group(`Cold ${serial}`);
  const setProperties = async (uuid: string, properties: unknown) => {
    const query = new URLSearchParams({ properties: JSON.stringify(properties) });
    const answer = await request.put(`/v1/channels/${uuid}/properties?${query}`, {
      headers: basic('admin'),
    });
    expect(answer.ok()).toBe(true);
  };
  await setProperties(group.uuid, { temperature: { min: -25, max: -20, delayMinutes: 15 } });
  const reefer = await api.node(serial, `Reefer ${serial}`, group.uuid);
  await setProperties(reefer.uuid, { cargo: 'Van 57 cargo' });

  await signIn(page, 'admin', paths.channel.href(reefer.uuid));
  const panel = page.getByRole('region', { name: 'What the product reads' });
  const summary = panel.getByRole('table', { name: 'What the product reads' });
  await expect(summary.getByRole('row', { name: /Temperature limits/ })).toContainText(
    `−25 °C to −20 °C, after 15 min`,
  );
  await expect(summary.getByRole('row', { name: /Temperature limits/ })).toContainText(
    `from Cold ${serial}`,
  );

  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByRole('button', { name: 'Set temperature limits here' }).click();
  const limits = panel.getByRole('group', { name: 'Temperature limits' });
  await limits.getByRole('textbox', { name: /Highest temperature/ }).fill('-18');
  await limits.getByRole('textbox', { name: /Lowest temperature/ }).fill('-10');
  await expect(limits.getByText(/must not be above/)).toBeVisible();
  await limits.getByRole('textbox', { name: /Lowest temperature/ }).fill('-22');
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(summary.getByRole('row', { name: /Temperature limits/ })).toContainText('set here');
  await expect(summary.getByRole('row', { name: /Temperature limits/ })).toContainText(
    '−22 °C to −18 °C, after 15 min',
  );
  expect((await api.channel(reefer.uuid)).properties).toEqual({
    cargo: 'Van 57 cargo',
    temperature: { min: -22, max: -18, delayMinutes: 15 },
  });
});
