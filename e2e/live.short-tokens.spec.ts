import { expect, test, type Request } from '@playwright/test';
import { cloud, signIn, uniqueSerial } from './support.ts';
import { paths } from '../src/lib/paths.ts';

// Against the cloud whose access tokens last 40 s (playwright.config.ts, project short-tokens):
// the cloud ends a live stream when its token expires, and the console goes on with the new one.

test('Follow live outlives its token: the stream resumes with the refreshed one and loses nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = cloud(request);
  const serial = uniqueSerial('TOKEN');
  const node = await api.node(serial, `Reefer ${serial}`);
  const gateway = await api.gateway(`GW-${serial}`);
  await gateway.send(serial, 3);

  const streams: Request[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/events')) streams.push(sent);
  });
  await signIn(page, 'admin', paths.channelHistory.href(node.uuid));
  const raw = page.getByRole('region', { name: 'Raw messages' });
  await expect(raw).toContainText('3 °C');
  await page.getByRole('switch', { name: 'Follow live' }).check();
  await expect(page.getByRole('status', { name: /^Live: readings appear/ })).toBeVisible();
  await gateway.send(serial, 4);
  await expect(raw).toContainText('4 °C');

  // The first stream's token lapses within 40 s; the cloud ends the stream, the console
  // reconnects at once with the refreshed token and the last event id.
  await expect.poll(() => streams.length, { timeout: 60_000, intervals: [1_000] }).toBe(2);
  const [first, second] = await Promise.all(streams.map((sent) => sent.allHeaders()));
  expect(second?.authorization).toMatch(/^Bearer /);
  expect(second?.authorization).not.toBe(first?.authorization);
  expect(second?.['last-event-id']).toMatch(/^\d+-\d+$/);
  expect(streams.every((sent) => !sent.url().includes('access_token'))).toBe(true);
  await expect(page.getByRole('status', { name: /^Live: readings appear/ })).toBeVisible();
  await gateway.send(serial, 5);
  await expect(raw).toContainText('5 °C');
});
