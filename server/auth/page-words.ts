/**
 * Every word of the identity provider's own pages (sign-in, sign-out, errors), in the console's
 * languages. The pages follow the browser's language (Accept-Language) as the console does, and
 * `npm run i18n:check` holds both catalogues to the same ids and placeholders, to the glossary
 * (docs/glossary.md), and the Dutch pages to Dutch words only (scripts/i18n/sign-in-pages.test.ts).
 * `{name}` is a value filled in by `say`; no ICU here, the pages have no plurals.
 */
export const pageWordsEn = {
  'page.product': 'Telemetry Console',
  'page.errorTitle': 'Error: {error} {title}',
  'signIn.title': 'Sign in',
  'signIn.to': 'to Telemetry Console',
  'signIn.username': 'Username',
  'signIn.password': 'Password',
  'signIn.submit': 'Sign in',
  'signIn.cancel': 'Cancel',
  'signIn.missing': 'Enter your username and password.',
  'signIn.wrong': 'Wrong username or password.',
  'signIn.throttled': 'Too many failed sign-ins; try again in {seconds} s.',
  'signIn.busy': 'Too many sign-ins are being checked at once; try again in a second.',
  'signIn.expiredTitle': 'Sign-in expired',
  'signIn.expired':
    'This sign-in has expired or was already used. Go back to the console and sign in again.',
  'signIn.back': 'Back to Telemetry Console',
  'signIn.failedTitle': 'Sign-in failed',
  'signOut.title': 'Sign out',
  'signOut.question': 'of Telemetry Console on this device?',
  'signOut.submit': 'Sign out',
  'signOut.cancel': 'Cancel',
  'signOut.doneTitle': 'Signed out',
  'signOut.done': 'You are signed out.',
} as const;

export type PageWordId = keyof typeof pageWordsEn;

export const pageWordsNl: Readonly<Record<PageWordId, string>> = {
  'page.product': 'Telemetry Console',
  'page.errorTitle': 'Fout: {error} {title}',
  'signIn.title': 'Inloggen',
  'signIn.to': 'bij Telemetry Console',
  'signIn.username': 'Gebruikersnaam',
  'signIn.password': 'Wachtwoord',
  'signIn.submit': 'Inloggen',
  'signIn.cancel': 'Annuleren',
  'signIn.missing': 'Vul je gebruikersnaam en wachtwoord in.',
  'signIn.wrong': 'Gebruikersnaam of wachtwoord onjuist.',
  'signIn.throttled': 'Te vaak mislukt; probeer het over {seconds} s opnieuw.',
  'signIn.busy': 'Er worden te veel inlogpogingen tegelijk gecontroleerd; probeer het zo opnieuw.',
  'signIn.expiredTitle': 'Inloggen verlopen',
  'signIn.expired':
    'Deze inlogpoging is verlopen of al gebruikt. Ga terug naar de console en log opnieuw in.',
  'signIn.back': 'Terug naar Telemetry Console',
  'signIn.failedTitle': 'Inloggen mislukt',
  'signOut.title': 'Uitloggen',
  'signOut.question': 'uit Telemetry Console op dit apparaat?',
  'signOut.submit': 'Uitloggen',
  'signOut.cancel': 'Annuleren',
  'signOut.doneTitle': 'Uitgelogd',
  'signOut.done': 'Je bent uitgelogd.',
};

export type PageLanguage = 'en' | 'nl';
export const pageCatalogues: Readonly<Record<PageLanguage, Readonly<Record<PageWordId, string>>>> =
  { en: pageWordsEn, nl: pageWordsNl };

/** The words of one language: `say('signIn.throttled', { seconds: 30 })`. */
export type Say = (id: PageWordId, values?: Readonly<Record<string, string | number>>) => string;

/** A page's language (its `<html lang>`) and its words. */
export interface PageWords {
  language: PageLanguage;
  say: Say;
}

export function wordsIn(language: PageLanguage): PageWords {
  const catalogue = pageCatalogues[language];
  const say: Say = (id, values = {}) =>
    catalogue[id].replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : whole,
    );
  return { language, say };
}

/**
 * The page's language from the request: OIDC's `ui_locales` when the client sent it, else
 * Accept-Language by its weights; the first the pages speak, else English (as the console does).
 */
export function pageLanguage(
  acceptLanguage: string | undefined,
  uiLocales?: unknown,
): PageLanguage {
  const wanted: string[] = [];
  if (typeof uiLocales === 'string') wanted.push(...uiLocales.split(/\s+/));
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  wanted.push(...ranges.map((range) => range.tag));
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'nl') return base;
  }
  return 'en';
}
