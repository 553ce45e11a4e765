import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';
import { paths } from '../src/lib/paths.ts';

test('console pages carry a strict content security policy that the console itself never breaks', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/channels', '/config.json']) {
    const response = await request.get(path);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy, path).toContain("script-src 'self'");
    expect(policy, path).toContain("connect-src 'self'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
  }

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, 'fleet', paths.fleet.href());
  await page.getByRole('button', { name: 'Show Van 07 on the map' }).click();
  await page
    .getByRole('region', { name: 'Fleet map' })
    .getByRole('link', { name: 'History of Van 07' })
    .click();
  await expect(page.getByRole('heading', { name: /History of Van 07/ })).toBeVisible();
  await expect(page.getByText(/readings\)/).first()).toBeVisible();
  expect(violations).toEqual([]);
});
