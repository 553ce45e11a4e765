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

test('admin draws a place on the map for a van; the van’s stop there is named by it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const serial = uniqueSerial('DRAW');
  const api = cloud(request);
  const van = await api.node(serial, `Van ${serial}`);
  await signIn(page, 'admin', paths.channel.href(van.uuid));
  const panel = page.getByRole('region', { name: 'Places' });
  await panel.getByRole('button', { name: 'Draw places' }).click();
  const map = panel.getByRole('region', { name: 'Map of places' });
  await expect(panel.getByRole('button', { name: 'Draw a polygon' })).toBeEnabled();
  await panel.getByRole('button', { name: 'Draw a polygon' }).click();
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  for (const [dx, dy] of [
    [-60, -40],
    [60, -40],
    [60, 40],
    [-60, 40],
    [-60, -40],
  ] as const) {
    await page.mouse.click(x + dx, y + dy);
  }
  const name = panel.getByRole('textbox', { name: 'Name of place 1' });
  await expect(name).toHaveAccessibleDescription('polygon, 4 corners');
  await name.fill(`Yard ${serial}`);
  await panel.getByRole('button', { name: 'Save places' }).click();
  await expect(panel.getByRole('list', { name: 'Places' })).toContainText(
    `Yard ${serial}: polygon, 4 corners · set here`,
  );
  const saved = (await api.channel(van.uuid)).properties as {
    places: { polygon: number[][]; lat: number; lon: number }[];
  };
  const [yard] = saved.places;
  expect(yard?.polygon).toHaveLength(4);

  // The van drives in, stays 20 minutes at the yard's centre, and drives on.
  const key = await request.post(`/v1/gateways/GW-${serial}`, { headers: basic('admin') });
  const auth = `Basic ${Buffer.from(`GW-${serial}:${((await key.json()) as { key: string }).key}`).toString('base64')}`;
  const now = Date.now();
  const at = (minutesAgo: number, lat: number, lon: number) => ({
    node: serial,
    sensor: 'gps',
    type: 'GPS',
    ts: now - minutesAgo * 60_000,
    value: { lat, lon, hdop: 1 },
  });
  const lat = yard?.lat ?? 0;
  const lon = yard?.lon ?? 0;
  const messages = [
    at(60, lat + 0.05, lon),
    at(50, lat + 0.02, lon),
    ...Array.from({ length: 21 }, (_, i) => at(40 - i, lat, lon)),
    at(15, lat - 0.02, lon),
    at(5, lat - 0.05, lon),
  ];
  const delivered = await request.post('/v1/ingest', {
    headers: { Authorization: auth },
    data: { messages },
  });
  expect(await delivered.json()).toMatchObject({ accepted: messages.length });

  await page.goto(paths.channelHistory.href(van.uuid));
  const trips = page.getByRole('region', { name: 'Trips and stops', exact: true });
  await expect(trips.getByText(`Yard ${serial}`).first()).toBeVisible({ timeout: 60_000 });
});
