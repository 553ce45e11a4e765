import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as client from 'openid-client';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { Browser } from '../test/browser.ts';
import { consoleClient, startSignIn } from '../test/console-client.ts';
import { foreignTexts } from '../test/page-text.ts';
import { pageWordsNl } from './page-words.ts';

/** The identity provider's pages follow the browser's language, as the console does (issue 33). */
describe('the sign-in pages in the browser’s language', () => {
  let cloud: ListeningCloud;
  let config: client.Configuration;
  let redirectUri: string;

  beforeAll(async () => {
    cloud = await listenTestCloud();
    redirectUri = `${cloud.url}/callback`;
    config = await consoleClient(cloud.url);
  });
  afterAll(() => cloud.close());

  const dutchBrowser = () => new Browser({ 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' });

  it('shows the sign-in page in Dutch to a Dutch browser, and its errors', async () => {
    const { browser, login, html } = await startSignIn(config, redirectUri, {}, dutchBrowser());
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<title>Inloggen · Telemetry Console</title>');
    expect(html).toMatch(/<label for="username">Gebruikersnaam<\/label>/);
    expect(html).toMatch(/<label for="password">Wachtwoord<\/label>/);
    expect(html).toMatch(/<button type="submit" class="secondary"[^>]*>Annuleren<\/button>/);
    expect(html).not.toMatch(/Sign in|Username|Password|Cancel/);
    expect(foreignTexts(html, pageWordsNl)).toEqual([]);

    const wrong = await browser.submit(login.url, html, { username: 'fleet', password: 'nope' });
    expect(wrong.response.status).toBe(401);
    const page = await wrong.response.text();
    expect(page).toContain('role="alert">Gebruikersnaam of wachtwoord onjuist.</p>');
    expect(page).toContain(
      '<title>Fout: Gebruikersnaam of wachtwoord onjuist. Inloggen · Telemetry Console</title>',
    );
    expect(foreignTexts(page, pageWordsNl, ['fleet'])).toEqual([]);
  });

  it('speaks English to an English browser, and to one whose languages it does not speak', async () => {
    for (const accept of ['en-GB,en;q=0.9', 'fr-FR,de;q=0.5', 'fr,en;q=0.2,nl;q=0.1']) {
      const browser = new Browser({ 'accept-language': accept });
      const { html } = await startSignIn(config, redirectUri, {}, browser);
      expect(html, accept).toContain('<html lang="en">');
      expect(html, accept).toMatch(/<label for="username">Username<\/label>/);
    }
    // By weight, not by order: Dutch is preferred here.
    const weighted = new Browser({ 'accept-language': 'en;q=0.4,nl;q=0.9' });
    const { html } = await startSignIn(config, redirectUri, {}, weighted);
    expect(html).toContain('<html lang="nl">');
  });

  it('follows the language the console asks for (ui_locales) over the browser’s', async () => {
    const browser = new Browser({ 'accept-language': 'en-US' });
    const { html } = await startSignIn(config, redirectUri, { ui_locales: 'nl-NL' }, browser);
    expect(html).toContain('<label for="username">Gebruikersnaam</label>');
  });

  it('says an expired sign-in in Dutch', async () => {
    const browser = dutchBrowser();
    const gone = await browser.fetch(`${cloud.url}/auth/interaction/no-such-sign-in`);
    expect(gone.status).toBe(400);
    const html = await gone.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<h1>Inloggen verlopen</h1>');
    expect(html).toContain('>Terug naar Telemetry Console</a>');
    expect(foreignTexts(html, pageWordsNl)).toEqual([]);
  });
});
