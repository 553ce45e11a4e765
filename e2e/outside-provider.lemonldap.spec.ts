import { resolve } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { startCloud, type CloudProcess } from './cloud-process.ts';
import { lemonLdapMissing, startLemonLdap, type LemonLdap } from './lemonldap/stack.ts';
import { expectAccessible, storedSession, users } from './support.ts';

// Issue 10: the console and the cloud as an operator deploys them with an outside identity
// provider. LemonLDAP::NG from Debian (behind nginx, configured from e2e/lemonldap/) signs people
// in; the console is a static site on a second origin (nginx too); the cloud trusts LemonLDAP
// (AUTH_EXTERNAL_*) and lets the console's origins call it (CORS_ORIGINS). The demo user dwho is
// in LemonLDAP's group "Fleet managers", which the cloud maps to the permission set demo-fleet.
const port = Number(process.env.E2E_PORT ?? 8181);
const ports = { cloud: port + 4, portal: port + 5, console: port + 6, plainConsole: port + 7 };
const API = 'https://api.telemetry.local';
/** Short, so that the console refreshes within the journey (30 s before expiry). */
const ACCESS_TOKEN_TTL = 40;

const missing = lemonLdapMissing();
if (missing) {
  console.warn(`\n*** e2e/outside-provider.lemonldap.spec.ts is SKIPPED: ${missing}\n`);
}
test.skip(missing !== null, missing ?? '');
test.describe.configure({ mode: 'serial' });

let idp: LemonLdap | undefined;
let cloud: CloudProcess | undefined;
/** What the cloud answered a bearer token before the provider was up. */
let beforeProvider: { status: number; message: string } | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const issuer = `http://127.0.0.1:${ports.portal}`;
  cloud = await startCloud(ports.cloud, {
    AUTH_EXTERNAL_ISSUER: issuer,
    AUTH_EXTERNAL_TENANT: 'demo',
    AUTH_EXTERNAL_ROLES_CLAIM: 'roles',
    AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet,Support=demo-support',
    AUTH_EXTERNAL_CLIENT_ID: 'telemetry-console',
    CORS_ORIGINS: [ports.console, ports.plainConsole].map((p) => `http://127.0.0.1:${p}`).join(','),
  });
  // The provider is not running yet: the cloud started all the same (issue 10, point 7).
  const answer = await fetch(`${cloud.origin}/v1/userinfo`, {
    headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
  });
  beforeProvider = {
    status: answer.status,
    message: ((await answer.json()) as { message: string }).message,
  };
  idp = await startLemonLdap({
    portalPort: ports.portal,
    consolePort: ports.console,
    plainConsolePort: ports.plainConsole,
    cloudOrigin: cloud.origin,
    consoleDir: resolve('dist'),
    apiAudience: API,
    accessTokenTtl: ACCESS_TOKEN_TTL,
  });
});

test.afterAll(async () => {
  await cloud?.stop();
  await idp?.stop();
});

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

/** LemonLDAP's own login page (its Demo backend: the password is the login). */
async function fillLemonLdapLogin(page: Page, login: string) {
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByLabel('Password').fill(login);
  await page.getByRole('button', { name: 'Connect' }).click();
}

/** From the console's sign-in page through LemonLDAP's login back to `path`. */
async function signIn(page: Page, origin: string, path: string) {
  await page.goto(`${origin}${path}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillLemonLdapLogin(page, 'dwho');
  await expect(page).toHaveURL(`${origin}${path}`);
}

const tokenRequests = (page: Page) => {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/oauth2/token')) seen.push(request);
  });
  return seen;
};

test('the cloud started before its identity provider, and answered 503 saying why', () => {
  expect(beforeProvider).toEqual({
    status: 503,
    message: expect.stringContaining(
      `The cloud cannot verify tokens yet: the identity provider http://127.0.0.1:${ports.portal} has not answered`,
    ),
  });
  expect(required(cloud, 'the cloud').log()).toContain('bearer tokens are answered 503');
});

test('signs in through LemonLDAP::NG from another origin and sees exactly what fleet sees', async ({
  page,
  request,
}) => {
  const { consoleOrigin } = required(idp, 'LemonLDAP::NG');
  const { origin: cloudOrigin } = required(cloud, 'the cloud');
  // The cloud verifies tokens once it has read the provider's discovery document. It started
  // before the provider, so its retries had backed off; a token asks the provider again at once
  // (issue 34: the backoff had grown to 30 s on a busy machine, and this wait plus the sign-in
  // below overran the test's 60 s).
  await expect
    .poll(
      async () =>
        (
          await request.get(`${cloudOrigin}/v1/userinfo`, {
            headers: { authorization: 'Bearer a.b.c' },
          })
        ).status(),
      { timeout: 15_000 },
    )
    .toBe(401);

  await page.goto(`${consoleOrigin}/channels?type=GROUP`);
  // The portal (nginx in front of it) refuses a sign-in without a nonce, and requires PKCE.
  const authorize = page.waitForRequest((r) => r.url().includes('/oauth2/authorize'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const sent = new URL((await authorize).url()).searchParams;
  expect(sent.get('nonce')).toMatch(/^[\w-]{32}$/);
  expect(sent.get('code_challenge_method')).toBe('S256');
  const tokens = page.waitForResponse((response) => response.url().endsWith('/oauth2/token'));
  await fillLemonLdapLogin(page, 'dwho');
  const issued = (await (await tokens).json()) as {
    access_token: string;
    id_token: string;
    refresh_token?: string;
    scope?: string;
  };
  expect(issued.refresh_token).toBeTruthy();
  const claimsOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
  // The ID token carries the nonce the console sent (oidc-client-ts checked it too).
  expect(claimsOf(issued.id_token).nonce).toBe(sent.get('nonce'));
  // dwho's groups, names with spaces inside: LemonLDAP::NG 2.16 splits the multi-valued
  // attribute on multiValuesSeparator and sends an array (a comma-joined string is tested in
  // server/auth/provider-tokens.test.ts).
  const roles = claimsOf(issued.access_token).roles;
  expect(roles).toEqual(expect.arrayContaining(['Coffee club', 'Fleet managers']));

  // Back on the console's origin, on the page asked for, with the groups fleet reaches.
  await expect(page).toHaveURL(`${consoleOrigin}/channels?type=GROUP`);
  const table = page.getByRole('table', { name: 'Channels' });
  const fleetGroups = (await (
    await request.get(`${cloudOrigin}/v1/channels?channelType=GROUP`, {
      headers: { authorization: `Basic ${Buffer.from(`fleet:${users.fleet}`).toString('base64')}` },
    })
  ).json()) as { name: string }[];
  expect(fleetGroups.map((group) => group.name).sort()).toEqual(['Cold chain', 'Vans Westpoort']);
  for (const group of fleetGroups) {
    await expect(table.getByRole('link', { name: group.name, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('link', { name: 'Vans Zuidoost' })).toHaveCount(0);
  await expectAccessible(page);

  // Permissions: what demo-fleet grants.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Permissions/ })
    .click();
  await expect(page.getByText('dwho · tenant demo')).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Permissions in tenant demo' });
  // In words, the technical name beneath (issue 33).
  await expect(
    matrix.getByRole('row', { name: /^History of nodes and sensors assets\.history / }),
  ).toContainText('✓');
  await expect(matrix.getByRole('row', { name: /^Groups groups / })).toContainText('✓');

  // The same sign-in's ID token names the API too (LemonLDAP's extra audience), yet it is no
  // access token: the cloud refuses it, and takes the access token.
  const asBearer = (token: string) =>
    request.get(`${cloudOrigin}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  const idAnswer = await asBearer(issued.id_token);
  expect(idAnswer.status()).toBe(401);
  expect(((await idAnswer.json()) as { message: string }).message).toMatch(
    /^The token is an ID token \(it carries (nonce|at_hash)\), not an access token/,
  );
  expect(await (await asBearer(issued.access_token)).json()).toMatchObject({
    username: 'dwho',
    // "Fleet managers" mapped; "Coffee club" (and the Demo backend's own groups) map to nothing.
    roles: { claim: 'roles', unmapped: expect.arrayContaining(['Coffee club']) },
  });
});

test('refreshes with the refresh token before the access token expires, and signs out saying what LemonLDAP cannot revoke', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { consoleOrigin, issuer } = required(idp, 'LemonLDAP::NG');
  const requests = tokenRequests(page);
  await signIn(page, consoleOrigin, '/groups');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  const before = requests.length;

  // LemonLDAP's tokens last 40 s; the console refreshes 30 s before they expire.
  await expect
    .poll(
      () => requests.slice(before).some((r) => r.postData()?.includes('grant_type=refresh_token')),
      {
        timeout: 45_000,
      },
    )
    .toBe(true);
  const refreshed = await requests.find((r) => r.postData()?.includes('refresh_token'))?.response();
  const { access_token: fresh } = (await refreshed?.json()) as { access_token: string };
  const next = page.waitForRequest(
    (r) =>
      r.url().includes(`:${ports.cloud}/v1/`) &&
      r.method() === 'GET' &&
      !!r.headers().authorization,
  );
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Channels/ })
    .click();
  expect((await next).headers().authorization).toBe(`Bearer ${fresh}`);

  const held = (await storedSession(page))?.refresh_token;
  expect(held).toBeTruthy();

  // Sign out: LemonLDAP ends its session and sends the browser back; it has no revocation
  // endpoint, which the console says.
  const endSession = page.waitForRequest((r) => r.url().startsWith(`${issuer}/oauth2/logout`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  // With state beside post_logout_redirect_uri: some providers send the browser back only then.
  const sentOut = new URL((await endSession).url()).searchParams;
  expect(sentOut.get('post_logout_redirect_uri')).toBe(`${consoleOrigin}/`);
  expect(sentOut.get('state')).toMatch(/^\w{16,}$/);
  await expect(page).toHaveURL(new RegExp(`^${consoleOrigin}/`));
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Signed out of the console, with exceptions' });
  await expect(notice).toContainText('offers no way to revoke tokens');
  await expectAccessible(page);
  // What the notice says "unless": LemonLDAP ended the refresh token (issued without
  // offline_access) with its session.
  const reuse = await request.post(`${issuer}/oauth2/token`, {
    form: {
      grant_type: 'refresh_token',
      refresh_token: held ?? '',
      client_id: 'telemetry-console',
    },
  });
  expect(reuse.status()).toBe(400);

  // The session at LemonLDAP ended too: signing in asks for the password again.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
  await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
});

test('a client whose tokens lack the API audience: the console shows the cloud’s reason and never loops', async ({
  page,
}) => {
  const { plainConsoleOrigin } = required(idp, 'LemonLDAP::NG');
  const requests = tokenRequests(page);
  await page.goto(`${plainConsoleOrigin}/channels`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillLemonLdapLogin(page, 'dwho');

  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'The cloud refuses the tokens of this sign-in' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(
    `The token is for another audience (telemetry-console-plain), not ${API}.`,
  );
  await expect(refusal).toContainText('LemonLDAP::NG: additional audiences');
  await expect(page.getByText('Your session has ended')).toHaveCount(0);
  await expectAccessible(page);
  // One sign-in, no refresh spent on a token that another would not fix.
  expect(requests.filter((r) => r.postData()?.includes('refresh_token'))).toHaveLength(0);

  // Signing in again (LemonLDAP's session lets it through at once) ends in the same place, once.
  const tokensBefore = requests.length;
  const again = page.waitForResponse((response) => response.url().endsWith('/oauth2/token'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await again;
  await expect(refusal).toBeVisible();
  // Nothing more happens by itself.
  await page.waitForTimeout(3_000);
  expect(requests.length - tokensBefore).toBe(1);
  await expect(refusal).toBeVisible();
});
