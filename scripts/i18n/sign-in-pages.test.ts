import { describe, expect, it } from 'vitest';
import {
  pageCatalogues,
  pageWordsEn,
  pageWordsNl,
  wordsIn,
  type PageLanguage,
} from '../../server/auth/page-words.ts';
import { loginPage, logoutPage, messagePage } from '../../server/auth/pages.ts';
import { foreignTexts } from '../../server/test/page-text.ts';

/**
 * The identity provider's own pages (sign-in, sign-out, errors) are part of the console's words:
 * both catalogues hold the same ids and placeholders, and every text a page shows in a language
 * is one of that language's messages, so an English word written into a Dutch page fails here.
 */
const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const form = {
  action: '/auth/interaction/x/login',
  cancelAction: '/auth/interaction/x/abort',
  formTargets: ['https://console.example'],
};

/** Every page and state the server can show, in one language. */
function everyPage(language: PageLanguage): string[] {
  const words = wordsIn(language);
  const { say } = words;
  const back = { href: '/', text: say('signIn.back') };
  const errors = [
    say('signIn.missing'),
    say('signIn.wrong'),
    say('signIn.busy'),
    say('signIn.throttled', { seconds: 30 }),
  ];
  return [
    loginPage(words, form).html,
    ...errors.map((error) => loginPage(words, { ...form, username: 'fleet', error }).html),
    messagePage(words, 400, say('signIn.expiredTitle'), say('signIn.expired'), back).html,
    messagePage(words, 200, say('signOut.doneTitle'), say('signOut.done'), back).html,
    logoutPage(words, '<form id="op.logoutForm"></form>', false, {
      href: '/',
      formTargets: [],
    }).html,
  ];
}

describe('the sign-in pages’ words', () => {
  it('has the same ids and placeholders in English and Dutch', () => {
    expect(Object.keys(pageWordsNl).sort()).toEqual(Object.keys(pageWordsEn).sort());
    for (const [id, english] of Object.entries(pageWordsEn)) {
      const dutch = pageWordsNl[id as keyof typeof pageWordsEn];
      expect(placeholders(dutch), id).toEqual(placeholders(english));
    }
  });

  it.each(['en', 'nl'] as const)('shows only %s messages on every page in %s', (language) => {
    for (const html of everyPage(language)) {
      expect(html).toContain(`<html lang="${language}">`);
      expect(foreignTexts(html, pageCatalogues[language], ['fleet'])).toEqual([]);
    }
  });

  it('writes no Dutch message in English: each differs unless it is a name', () => {
    const same = Object.entries(pageWordsEn)
      .filter(([id, english]) => pageWordsNl[id as keyof typeof pageWordsEn] === english)
      .map(([id]) => id);
    expect(same).toEqual(['page.product']);
  });

  it('finds an English word written into a Dutch page (the check itself)', () => {
    const dutch = wordsIn('nl');
    const page = loginPage(dutch, form).html.replace('>Annuleren<', '>Cancel<');
    expect(foreignTexts(page, pageCatalogues.nl)).toEqual(['Cancel']);
    const english = loginPage(wordsIn('en'), form).html;
    expect(foreignTexts(english, pageCatalogues.nl)).toContain('Username');
  });
});
