import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as client from 'openid-client';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { consoleClient, startSignIn } from '../test/console-client.ts';
import { PASSWORD_REALM, requestToken } from '../test/tokens.ts';

describe('repeated failed sign-ins for one user are throttled everywhere a password is typed', () => {
  let cloud: ListeningCloud;
  let config: client.Configuration;

  beforeAll(async () => {
    cloud = await listenTestCloud();
    config = await consoleClient(cloud.url);
  });
  afterAll(() => cloud.close());

  async function loginPage() {
    const { browser, login, html } = await startSignIn(config, `${cloud.url}/callback`);
    return { browser, url: login.url, html };
  }

  const basic = (username: string, password: string) =>
    cloud.call('GET', '/v1/userinfo', { as: { username, password } });
  const token = (username: string, password: string) =>
    requestToken(cloud, { ...PASSWORD_REALM, username, password });

  it('counts failures on the login page, with Basic and at the token endpoint together', async () => {
    const login = await loginPage();
    let page = { url: login.url, html: login.html };
    for (let i = 0; i < 4; i++) {
      const answer = await login.browser.submit(page.url, page.html, {
        username: 'fleet',
        password: `guess-${i}`,
      });
      expect(answer.response.status).toBe(401);
      page = { url: answer.url, html: await answer.response.text() };
    }
    for (let i = 0; i < 3; i++) expect((await basic('fleet', `guess-b${i}`)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await token('fleet', `guess-t${i}`)).statusCode).toBe(400);

    // Ten failures within the minute: now even the right password waits.
    const byToken = await token('fleet', 'demo-fleet');
    expect(byToken.statusCode).toBe(429);
    expect(byToken.json()).toMatchObject({
      error: 'too_many_attempts',
      error_description: expect.stringMatching(/^Too many failed sign-ins; try again in \d+ s\.$/),
    });
    expect(Number(byToken.headers['retry-after'])).toBeGreaterThan(0);

    const byBasic = await basic('fleet', 'demo-fleet');
    expect(byBasic.status).toBe(429);
    expect(byBasic.json).toMatchObject({ status: 'TOO_MANY_REQUESTS' });

    const byPage = await login.browser.submit(page.url, page.html, {
      username: 'fleet',
      password: 'demo-fleet',
    });
    expect(byPage.response.status).toBe(429);
    expect(Number(byPage.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await byPage.response.text()).toMatch(
      /<p class="alert" id="error" role="alert">Too many failed sign-ins; try again in \d+ s\.<\/p>/,
    );
  });

  it('leaves other users alone', async () => {
    expect((await token('support', 'demo-support')).statusCode).toBe(200);
    expect((await basic('support', 'demo-support')).status).toBe(200);
  });
});
