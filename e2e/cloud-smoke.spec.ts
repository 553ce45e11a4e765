import { expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths.ts';

test('the cloud serves the console and answers its API on one origin', async ({
  page,
  request,
}) => {
  await page.goto(paths.home.href());
  await expect(page.getByRole('heading', { name: 'Telemetry Console' })).toBeVisible();

  const ping = await request.get('/v1/admin/ping');
  expect(await ping.json()).toEqual({ status: 'OK' });

  const refused = await request.get('/v1/channels');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ status: 'UNAUTHORIZED' });
});
