import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8241';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 200)); });
const user = process.argv[2] ?? 'fleet';
const path = process.argv[3] ?? '/fleet';
await page.goto(base + path);
await page.getByRole('textbox', { name: 'User name' }).fill(user);
await page.getByRole('textbox', { name: 'Password' }).fill(`demo-${user}`);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForTimeout(Number(process.argv[4] ?? 8000));
await page.screenshot({ path: `/tmp/explore-${user}.png`, fullPage: true });
console.log(page.url());
const steps = process.argv.slice(5);
for (const step of steps) {
  const [kind, arg] = step.split('=');
  if (kind === 'click') await page.getByRole('button', { name: arg }).first().click();
  if (kind === 'link') await page.getByRole('link', { name: arg }).first().click();
  if (kind === 'goto') await page.goto(base + arg);
  if (kind === 'wait') await page.waitForTimeout(Number(arg));
  if (kind === 'shot') await page.screenshot({ path: `/tmp/explore-${arg}.png`, fullPage: true });
  console.log(step, page.url());
}
await browser.close();
