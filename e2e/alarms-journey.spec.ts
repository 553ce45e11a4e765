import { expect as baseExpect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { basic, cloud, signIn, uniqueSerial } from './support.ts';
import type { Alarm, AlarmPage } from '../contract/alarms.ts';
import { paths } from '../src/lib/paths.ts';

// Issue 24: a reefer warms up while the fleet manager watches; the badge counts it, they open it,
// see the excursion shaded in its history, acknowledge it with a comment, and it clears when the
// temperature returns.

const MINUTE = 60_000;
// Bounds, not waits: at load 20–29 opening the Alarms page or a day of history took over the
// default 10 s (CI runs six engineers' work beside it).
const expect = baseExpect.configure({ timeout: 30_000 });
const admin = basic('admin');

/** A gateway that delivers readings with the time they were taken (a backlog, as gateways do). */
async function gatewayOf(request: APIRequestContext, serial: string) {
  const response = await request.post(`/v1/gateways/${serial}`, {
    headers: admin,
  });
  expect(response.ok()).toBe(true);
  const { key } = (await response.json()) as { key: string };
  const auth = `Basic ${Buffer.from(`${serial}:${key}`).toString('base64')}`;
  return async (messages: object[]) => {
    const delivered = await request.post('/v1/ingest', {
      headers: { Authorization: auth },
      data: { messages },
    });
    expect(await delivered.json()).toMatchObject({ accepted: messages.length });
  };
}

/** The node's one temperature alarm, as the cloud tells it (any state). */
async function alarmOf(request: APIRequestContext, nodeUuid: string): Promise<Alarm> {
  const answer = await request.get(`/v1/alarms?channel=${nodeUuid}&kind=temperature`, {
    headers: admin,
  });
  expect(answer.ok()).toBe(true);
  const { alarms } = (await answer.json()) as AlarmPage;
  expect(alarms).toHaveLength(1);
  const [alarm] = alarms;
  if (!alarm) throw new Error('no alarm');
  return alarm;
}

/** The span a shaded excursion on the chart covers (epoch ms), as the chart states it. */
async function spanOf(shade: Locator) {
  return {
    from: Number(await shade.getAttribute('data-from')),
    to: Number(await shade.getAttribute('data-to')),
  };
}

test('a reefer warms up while the fleet manager watches, is acknowledged with a comment and clears when the temperature returns', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const serial = uniqueSerial('REEFER');
  const name = `Reefer ${serial}`;
  const group = await cloud(request).group(`Reefers ${serial}`);
  // No delay: the first reading out raises it (the default waits 15 minutes, docs/alarms.md).
  const limits = JSON.stringify({ temperature: { min: 0, max: 8, delayMinutes: 0 } });
  const set = await request.put(
    `/v1/channels/${group.uuid}/properties?properties=${encodeURIComponent(limits)}`,
    { headers: admin },
  );
  expect(set.ok()).toBe(true);
  const node = await cloud(request).node(serial, name, group.uuid);
  // A gateway serial as short as the demo's (GW-NOORD): the Nodes table's rows are one line high.
  const deliver = await gatewayOf(request, `GW-R${String(Date.now() % 10_000).padStart(4, '0')}`);
  const start = Date.now();
  const temp = (minutesAgo: number, temperature: number) => {
    const ts = start - minutesAgo * MINUTE;
    return { node: serial, sensor: 'temp', type: 'TEMP', ts, value: { ts, temperature } };
  };
  const gps = { node: serial, sensor: 'gps', type: 'GPS', ts: start - 40 * MINUTE };
  await deliver([{ ...gps, value: { lat: 52.37, lon: 4.89, hdop: 1 } }, temp(40, 5)]);

  // The fleet manager watches the Fleet map, live (the whole fleet: a group shows its members'
  // data from when they joined, and these readings are older than that).
  await signIn(page, 'admin', paths.fleet.href());
  await expect(page.getByRole('status', { name: /^Live: readings appear/ })).toBeVisible();
  const badge = page.getByRole('link', { name: /alarms? waiting$/ });
  await expect(badge).toBeVisible();
  // Demo alarms may come and go beside this one: the count is compared, not fixed.
  const waitingNow = async () => Number((await badge.getAttribute('aria-label'))?.split(' ')[0]);
  const before = await waitingNow();
  await page.getByRole('textbox', { name: 'Find a node' }).fill(serial);
  const list = page.getByRole('table', { name: 'Nodes on the map' });
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('5 °C');
  await expect(row.getByRole('img', { name: 'Active alarm' })).toHaveCount(0);

  // It warms up: the badge counts it and the map marks it, without a reload.
  await deliver([temp(30, 11)]);
  await expect.poll(waitingNow).toBeGreaterThan(before);
  const raised = await waitingNow();
  await expect(row.getByRole('img', { name: 'Active alarm' })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Only nodes with active alarms/ }).check();
  await expect(list.getByRole('button', { name: `Show ${name} on the map` })).toBeVisible();

  // They open it: on the Alarms page, and from the alarm to its history.
  await page.getByRole('link', { name: /^Alarms Raised/ }).click();
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
  const alarm = page.getByRole('row', { name: new RegExp(name) });
  await expect(alarm).toContainText('11 °C, above 8 °C (peak 11 °C)');
  // 3 °C beyond the limit: major (docs/alarms.md).
  await expect(alarm).toContainText('Major');
  await alarm.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: `History of ${name}`, level: 1 })).toBeVisible();
  // The excursion is shaded on the chart and named with its span (what a screen reader says):
  // it begins at the reading that raised the alarm and is still out at the newest reading.
  const raisedAlarm = await alarmOf(request, node.uuid);
  expect(raisedAlarm.excursionStart?.ts).toBe(start - 30 * MINUTE);
  const ongoing = page.getByRole('img', {
    name: new RegExp(`^Excursion of ${name} · temp above the limits, from .+, still out at .+$`),
  });
  await expect(ongoing).toBeVisible();
  expect(await spanOf(ongoing)).toEqual({
    from: raisedAlarm.excursionStart?.ts,
    to: raisedAlarm.peak?.ts,
  });

  // Back to the alarm: acknowledged with a comment, it no longer waits.
  await page.goBack();
  await alarm.getByRole('button', { name: 'Acknowledge' }).click();
  const dialog = page.getByRole('dialog', { name: `Acknowledge the alarm of ${name}` });
  await dialog.getByLabel('Comment').fill('Driver called: doors were open, shut now');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(alarm).toContainText('Acknowledged by admin: Driver called: doors were open');
  await expect.poll(waitingNow).toBeLessThan(raised);

  // The temperature returns and stays in for the hold-off (10 minutes of readings): cleared.
  await deliver([temp(20, 6), temp(5, 5)]);
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Cleared' }).click();
  await expect(alarm).toContainText('Back within limits at');
  await expect(alarm).toContainText('Acknowledged by admin');

  // Its history again: the shade now ends at the first reading back in, before the data
  // cleared the alarm (it waited out the hold-off).
  const cleared = await alarmOf(request, node.uuid);
  await alarm.getByRole('link', { name: 'History' }).click();
  const ended = page.getByRole('img', {
    name: new RegExp(`^Excursion of ${name} · temp above the limits, from .+ to .+$`),
  });
  await expect(ended).toBeVisible();
  const span = await spanOf(ended);
  expect(span).toEqual({ from: cleared.excursionStart?.ts, to: start - 20 * MINUTE });
  expect(span.to).toBeLessThanOrEqual(cleared.cleared?.at ?? 0);
});

test('browser notifications are asked for only when the person clicks, and then are on', async ({
  page,
  context,
}) => {
  // Signing in took most of a minute at load 20: bounded at two.
  test.setTimeout(120_000);
  await signIn(page, 'admin', paths.alarms.href());
  const ask = page.getByRole('button', { name: 'Notify me in this browser' });
  await expect(ask).toBeEnabled();
  // Opening the page asked nothing: the browser still waits for the person's answer.
  expect(await page.evaluate('Notification.permission')).toBe('default');
  // The person says yes when the browser asks (Playwright answers the prompt for them).
  await context.grantPermissions(['notifications']);
  await ask.click();
  await expect(page.getByRole('button', { name: 'Notifications on' })).toBeDisabled();
});
