/**
 * Screenshots of every page as each demo user sees it (issue 33):
 *
 *   npm run screens [-- --out <folder>] [--no-build] [--port <port>]
 *
 * Builds the console (unless --no-build), starts a throw-away cloud (a temporary DATA_DIR, the
 * demo seed, its own port on loopback; 9019 unless --port), signs in as admin, fleet and support
 * and saves every route of src/lib/paths.ts at 360×740 and 390×844 in Dutch and at 1280×800 in
 * English, light and dark, into one folder (screens/ unless --out) with an index.html contact
 * sheet. Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { paths } from '../src/lib/paths.ts';
import { contactSheet, type Shot } from './screens/contact-sheet.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const out = resolve(argument('--out') ?? 'screens');
const port = Number(argument('--port') ?? 9019);
const base = `http://127.0.0.1:${port}`;
const users = { admin: 'demo-admin', fleet: 'demo-fleet', support: 'demo-support' } as const;
type User = keyof typeof users;

const looks = [
  { name: 'phone-360-nl', width: 360, height: 740, language: 'nl', scheme: 'light' },
  { name: 'phone-390-nl', width: 390, height: 844, language: 'nl', scheme: 'light' },
  { name: 'desktop-en-light', width: 1280, height: 800, language: 'en', scheme: 'light' },
  { name: 'desktop-en-dark', width: 1280, height: 800, language: 'en', scheme: 'dark' },
] as const;

/** Every page of paths but signing in, with demo channels for its parameters. */
async function pages(): Promise<{ name: string; href: string }[]> {
  const auth = `Basic ${Buffer.from(`admin:${users.admin}`).toString('base64')}`;
  const list = async (type: string) =>
    (await (
      await fetch(`${base}/v1/channels?channelType=${type}`, { headers: { Authorization: auth } })
    ).json()) as { uuid: string; name: string }[];
  const van = (await list('NODE')).find((n) => n.name === 'Van 03')?.uuid ?? '';
  const group = (await list('GROUP')).find((g) => g.name === 'Cold chain')?.uuid ?? '';
  return Object.entries(paths)
    .filter(([name]) => name !== 'signIn' && name !== 'callback')
    .flatMap(([name, { pattern }]) => {
      if (!pattern.includes(':')) return [{ name, href: pattern }];
      const withGroup = { name: `${name}-cold-chain`, href: pattern.replace(/:\w+/, group) };
      if (pattern.includes(':groupUuid')) return [withGroup];
      return [{ name: `${name}-van-03`, href: pattern.replace(/:\w+/, van) }, withGroup];
    });
}

async function startCloud(): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-screens-'));
  const cloud = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    const up = await fetch(`${base}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (cloud.exitCode !== null) throw new Error('the cloud did not start');
    await new Promise((done) => setTimeout(done, 500));
  }
  return () => {
    cloud.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Signs in through the cloud's own login page, as a person does. */
async function signIn(page: Page, user: User) {
  await page.goto(`${base}/`);
  const navigation = page.getByRole('navigation', { includeHidden: true }).first();
  await page.getByRole('button', { name: /^(Sign in|Inloggen)$/ }).click();
  await page.getByLabel(/^(Username|Gebruikersnaam)$/).fill(user);
  await page.getByLabel(/^(Password|Wachtwoord)$/).fill(users[user]);
  await page.getByRole('button', { name: /^(Sign in|Inloggen)$/ }).click();
  await navigation.waitFor({ state: 'attached', timeout: 60_000 });
}

/** Picks the console's language as a person does: in the header, or in the menu on a phone. */
async function chooseLanguage(page: Page, language: string) {
  const select = page.getByRole('combobox', { name: /^(Language|Taal)$/ });
  const menu = page.getByRole('button', { name: /^(Open navigation|Navigatie openen)$/ });
  await select.or(menu).first().waitFor();
  const folded = await menu.isVisible();
  if (folded) await menu.click();
  await select.selectOption(language);
  await page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });
  if (folded) await page.keyboard.press('Escape');
}

/** The page's heading, then nothing loading (bounded: a page that never settles is shot as is). */
async function settle(page: Page) {
  try {
    // Any heading: a page refused or not found says so under a heading of its own.
    await page.getByRole('heading').first().waitFor({ timeout: 30_000 });
    await page
      .locator('main [aria-busy="true"], main .mantine-Loader-root, main .mantine-Skeleton-root')
      .first()
      .waitFor({ state: 'detached', timeout: 30_000 });
    // What a page asks for after its heading (alarms, history) without a loader of its own.
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
  } catch {
    // Shot as it is: the sheet shows what a person would see.
  }
}

async function shoot(browser: Browser, routes: { name: string; href: string }[]) {
  const shots: Shot[] = [];
  for (const user of Object.keys(users) as User[]) {
    for (const look of looks) {
      const context = await browser.newContext({
        viewport: { width: look.width, height: look.height },
        colorScheme: look.scheme,
        locale: look.language === 'nl' ? 'nl-NL' : 'en-GB',
        timezoneId: 'Europe/Amsterdam',
        ...(look.width < 768 ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      await signIn(page, user);
      await chooseLanguage(page, look.language);
      for (const route of routes) {
        await page.goto(`${base}${route.href}`);
        await settle(page);
        const file = `${user}-${look.name}-${route.name}.png`;
        await page.screenshot({ path: join(out, file), fullPage: true });
        shots.push({ file, user, look: look.name, page: route.name, href: route.href });
        process.stdout.write(`${file}\n`);
      }
      await context.close();
    }
  }
  return shots;
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const stopCloud = await startCloud();
// Stopped by hand (Ctrl-C): the cloud and its temporary data go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopCloud();
    process.exit(130);
  });
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const shots = await shoot(browser, await pages());
  writeFileSync(join(out, 'index.html'), contactSheet(shots));
  console.log(`${shots.length} screenshots: ${join(out, 'index.html')}`);
} finally {
  await browser.close();
  stopCloud();
}
