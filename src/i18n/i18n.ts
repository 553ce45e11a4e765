import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { enFirst } from './messages/en-first.ts';
import type { MessageId } from './messages/en.ts';

export type { MessageId };
export type Language = 'en' | 'nl';
export const languages: readonly Language[] = ['en', 'nl'];
/** Each language by its own name, as a language menu shows it whatever the page's language. */
export const languageNames: Readonly<Record<Language, string>> = {
  en: 'English',
  nl: 'Nederlands',
};

type Catalogue = Readonly<Record<MessageId, string>>;

/**
 * Every catalogue is a chunk of its own, fetched once when it is first needed (Dutch: about
 * 18 KB gzip that an English reader never loads). The English of the first page (`enFirst`:
 * sign-in, its errors) is part of the entry, so the sign-in page never waits for a chunk; the
 * rest of English loads with the signed-in console (`loadAllWords`, decision 0168).
 */
const catalogues: Partial<Record<Language, Catalogue>> = {};
const loaders: Readonly<Record<Language, () => Promise<Catalogue>>> = {
  en: () => import('./messages/en.ts').then((module) => module.en),
  nl: () => import('./messages/nl.ts').then((module) => module.nl),
};
/** The first page's English: the ids of the other areas are not in it (scripts/i18n/first-words.test.ts). */
const firstWords = enFirst as Partial<Catalogue> as Catalogue;

/** Whether the language's whole catalogue is here (English's first page words always are). */
export function isLanguageLoaded(language: Language): boolean {
  return catalogues[language] !== undefined;
}

/** Whether `applyLanguage` can take the language now: English always, for the first page. */
export function canApplyLanguage(language: Language): boolean {
  return language === 'en' || isLanguageLoaded(language);
}

/** Fetches a language's whole catalogue, once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (isLanguageLoaded(language)) return;
  catalogues[language] = await loaders[language]();
}

const cache = createIntlCache();

interface Current {
  language: Language;
  /** The locale dates and numbers follow: the browser's own variant of the language (en-GB). */
  locale: string;
  messages: Catalogue;
  intl: IntlShape;
}

function make(language: Language, locale: string): Current {
  const messages = catalogues[language] ?? (language === 'en' ? firstWords : undefined);
  if (messages === undefined) throw new Error(`the ${language} catalogue is not loaded yet`);
  return {
    language,
    locale,
    messages,
    intl: createIntl({ locale, defaultLocale: 'en', messages }, cache),
  };
}

/** English until the provider says otherwise: component tests render without it, in English. */
let current: Current = make('en', 'en-US');

/**
 * The language every `t` call and every format uses, once its catalogue is loaded
 * (`loadLanguage`). Only I18nProvider calls it, and it remounts the page below it when the
 * language changes, so no component keeps words of the old one.
 */
export function applyLanguage(language: Language, browserLocales: readonly string[] = []): void {
  current = make(language, formatLocaleFor(language, browserLocales));
}

/**
 * The current language's whole catalogue, before anything past the first page renders (the
 * shell waits for it): for English the words beyond sign-in, for another language nothing more.
 * Nothing on screen changes, so nothing remounts.
 */
export async function loadAllWords(): Promise<void> {
  const { language } = current;
  await loadLanguage(language);
  if (current.language === language && current.messages !== catalogues[language]) {
    current = make(language, current.locale);
  }
}

export function currentLanguage(): Language {
  return current.language;
}

/** The BCP 47 locale for Intl formats and `<html lang>`. */
export function currentLocale(): string {
  return current.locale;
}

/** The language of the first browser language the console speaks, else English. */
export function languageFromBrowser(browserLocales: readonly string[]): Language {
  for (const tag of browserLocales) {
    const base = tag.toLowerCase().split('-')[0];
    const found = languages.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}

/**
 * The browser's own variant of the language, so a person in Britain reading English gets
 * 24-hour clocks and day-month order; otherwise the language's usual region.
 */
function formatLocaleFor(language: Language, browserLocales: readonly string[]): string {
  const own = browserLocales.find((tag) => tag.toLowerCase().split('-')[0] === language);
  if (own) {
    try {
      return Intl.getCanonicalLocales(own)[0] ?? own;
    } catch {
      // An invalid tag from the browser: fall through to the language's default.
    }
  }
  return language === 'nl' ? 'nl-NL' : 'en-US';
}

type Value = string | number | boolean | Date | null | undefined;

/**
 * A sentence of the console in the person's language: `t('nav.fleet')`,
 * `t('nodes.count', { count: 3 })`. Messages are ICU MessageFormat (plurals, numbers, dates).
 */
export function t(id: MessageId, values?: Readonly<Record<string, Value>>): string {
  return current.intl.formatMessage({ id }, values);
}

/** Whether an id built at run time ('permission.action.' + type) names a message. */
export function isMessageId(id: string): id is MessageId {
  return Object.hasOwn(current.messages, id);
}

/** The current language's messages, for the formatter of rich messages (t-nodes.ts). */
export function currentMessages(): Catalogue {
  return current.messages;
}

/** FormatJS's formatters in the current locale, for numbers, lists, units and rich messages. */
export function intl(): IntlShape {
  return current.intl;
}
