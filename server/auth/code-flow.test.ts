import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { decodeProtectedHeader, decodeJwt } from 'jose';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { Browser } from '../test/browser.ts';
import {
  API_AUDIENCE as AUDIENCE,
  consoleClient,
  startSignIn as startConsoleSignIn,
} from '../test/console-client.ts';

describe('the console signs people in with authorization code + PKCE (openid-client)', () => {
  let cloud: ListeningCloud;
  let config: client.Configuration;
  let redirectUri: string;

  beforeAll(async () => {
    cloud = await listenTestCloud();
    redirectUri = `${cloud.url}/callback`;
    config = await consoleClient(cloud.url);
  });
  afterAll(() => cloud.close());

  const startSignIn = (extra: Record<string, string> = {}) =>
    startConsoleSignIn(config, redirectUri, extra);

  async function signIn(username: string, password: string) {
    const { browser, login, verifier, state, html } = await startSignIn();
    const back = await browser.submit(
      login.url,
      html,
      { username, password },
      { stopAt: redirectUri },
    );
    const tokens = await client.authorizationCodeGrant(config, new URL(back.url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return { browser, tokens };
  }

  it('shows a login page that names its fields and sends the person back with a code', async () => {
    const { login, html } = await startSignIn();
    expect(login.url).toMatch(new RegExp(`^${cloud.url}/auth/interaction/[\\w-]+$`));
    expect(login.response.status).toBe(200);
    expect(login.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('<title>Sign in · Telemetry Console</title>');
    expect(html).toMatch(/<label for="username">Username<\/label>\s*<input id="username"/);
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password"[^>]*type="password"/,
    );
    expect(html).toMatch(/<input id="username"[^>]*autofocus/);
  });

  it('gives the console JWT access tokens for the API, for the signed-in user', async () => {
    const { tokens } = await signIn('fleet', 'demo-fleet');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      typ: 'at+jwt',
      alg: 'ES256',
    });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: `${cloud.url}/auth`, aud: AUDIENCE, client_id: 'console' });
    expect(claims.sub).toBe((await cloud.store.users.findByUsername('fleet'))?.sub);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(tokens.claims()).toMatchObject({ preferred_username: 'fleet', name: 'Finn Fleet' });
    expect(tokens.refresh_token).toBeTruthy();

    const userinfo = await fetch(`${cloud.url}/v1/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ username: 'fleet', sub: claims.sub });
  });

  it('says so when the password is wrong, keeps the username and focuses the password', async () => {
    const { browser, login, html } = await startSignIn();
    const again = await browser.submit(login.url, html, { username: 'fleet', password: 'nope' });
    expect(again.response.status).toBe(401);
    const page = await again.response.text();
    expect(page).toContain(
      '<p class="alert" id="error" role="alert">Wrong username or password.</p>',
    );
    expect(page).toContain(
      '<title>Error: Wrong username or password. Sign in · Telemetry Console</title>',
    );
    expect(page).toMatch(/<input id="username"[^>]*value="fleet"[^>]*aria-describedby="error"/);
    expect(page).toMatch(/<input id="password"[^>]*aria-invalid="true"[^>]*autofocus/);
    // The page still works: the right password signs in.
    const back = await browser.submit(
      again.url,
      page,
      { username: 'fleet', password: 'demo-fleet' },
      {
        stopAt: redirectUri,
      },
    );
    expect(new URL(back.url).searchParams.get('code')).toBeTruthy();
  });

  it('returns to the console with access_denied when the person cancels', async () => {
    const { browser, login, html, state } = await startSignIn();
    const back = await browser.submit(
      login.url,
      html,
      {},
      { actionPart: '/abort', stopAt: redirectUri },
    );
    const params = new URL(back.url).searchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe(state);
  });

  it('rotates refresh tokens, and reuse of an old one revokes the whole family', async () => {
    const { tokens } = await signIn('admin', 'demo-admin');
    const first = tokens.refresh_token ?? '';
    const second = await client.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: AUDIENCE });

    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The thief used the old token; the rightful holder's newer one is dead too.
    await expect(
      client.refreshTokenGrant(config, second.refresh_token ?? ''),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('lets a page of the console refresh from the browser, and no page of another origin', async () => {
    const { tokens } = await signIn('fleet', 'demo-fleet');
    const refresh = (origin: string, refreshToken: string) =>
      fetch(`${cloud.url}/auth/oauth/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        // As oidc-client-ts sends it: the scope the token response named, and the client id.
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'console',
          refresh_token: refreshToken,
          scope: tokens.scope ?? '',
        }),
      });
    const elsewhere = await refresh('http://evil.example', tokens.refresh_token ?? '');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(await elsewhere.json()).toMatchObject({ error: 'invalid_request' });

    const console = await refresh(cloud.url, tokens.refresh_token ?? '');
    expect(console.status).toBe(200);
    expect(console.headers.get('access-control-allow-origin')).toBe(cloud.url);
    expect(await console.json()).toMatchObject({ refresh_token: expect.any(String) });
  });

  it('revokes a refresh token on request', async () => {
    const { tokens } = await signIn('support', 'demo-support');
    await client.tokenRevocation(config, tokens.refresh_token ?? '');
    await expect(
      client.refreshTokenGrant(config, tokens.refresh_token ?? ''),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('signs out through RP-initiated logout, back to the console, ending the refresh token', async () => {
    const { browser, tokens } = await signIn('admin', 'demo-admin');
    const logoutUrl = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${cloud.url}/`,
      state: 'bye',
    });
    const page = await browser.follow(logoutUrl);
    const html = await page.response.text();
    // The console asked with its ID token, so the page signs out by itself (one line of script)…
    expect(html).toContain("document.getElementById('sign-out').click()");
    // …which is what pressing its button does.
    const done = await browser.submit(
      page.url,
      html,
      { logout: 'yes' },
      { stopAt: `${cloud.url}/` },
    );
    expect(done.url).toBe(`${cloud.url}/?state=bye`);
    await expect(
      client.refreshTokenGrant(config, tokens.refresh_token ?? ''),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Signed out at the identity provider too: a new sign-in asks for the password again.
    const again = await browser.follow(
      client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    expect(again.url).toContain('/auth/interaction/');
  });

  it('accepts the audience parameter as Auth0 does, and refuses other audiences', async () => {
    const { browser, login } = await startSignIn({ audience: 'https://other.example' });
    expect(login.url).toContain(redirectUri);
    const params = new URL(login.url).searchParams;
    expect(params.get('error')).toBe('invalid_target');
    expect(params.get('error_description')).toContain('https://other.example');
    expect(browser).toBeDefined();
  });

  it('requires PKCE with S256 and the exact redirect URI', async () => {
    const base = { client_id: 'console', response_type: 'code', scope: 'openid' };
    const browser = new Browser();
    const authorize = (params: Record<string, string>) =>
      browser.follow(`${cloud.url}/auth/authorize?${new URLSearchParams({ ...base, ...params })}`);

    const noPkce = await authorize({ redirect_uri: redirectUri });
    expect(new URL(noPkce.url).searchParams.get('error_description')).toMatch(/requires PKCE/);

    const plain = await authorize({
      redirect_uri: redirectUri,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    expect(new URL(plain.url).searchParams.get('error')).toBe('invalid_request');

    const elsewhere = await authorize({
      redirect_uri: `${cloud.url}/callback/../evil`,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    // Never sent to an unregistered address: the provider shows its own error page.
    expect(elsewhere.response.status).toBe(400);
    expect(elsewhere.url).toContain('/auth/authorize');
    expect(await elsewhere.response.text()).toContain('redirect_uri did not match');
  });
});
