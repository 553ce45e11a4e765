import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { en, type MessageId } from './messages/en.ts';

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
 * English is part of the first page; every other language is a chunk of its own, fetched once
 * when it is first needed (about 18 KB gzip that an English reader never loads).
 */
const catalogues: Partial<Record<Language, Catalogue>> = { en };
const loaders: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Catalogue>>> = {
  nl: () => import('./messages/nl.ts').then((module) => module.nl),
};

/** Whether `applyLanguage` can take the language now. */
export function isLanguageLoaded(language: Language): boolean {
  return catalogues[language] !== undefined;
}

/** Fetches a language's catalogue, once; `applyLanguage` needs it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || isLanguageLoaded(language)) return;
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
  const messages = catalogues[language];
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
  return Object.hasOwn(en, id);
}

/** The current language's messages, for the formatter of rich messages (t-nodes.ts). */
export function currentMessages(): Catalogue {
  return current.messages;
}

/** FormatJS's formatters in the current locale, for numbers, lists, units and rich messages. */
export function intl(): IntlShape {
  return current.intl;
}
