import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  applyLanguage,
  canApplyLanguage,
  currentLanguage,
  currentLocale,
  isLanguageLoaded,
  languageFromBrowser,
  loadLanguage,
  type Language,
} from './i18n.ts';
import { LanguageContext, type LanguageChoice } from './language-context.ts';
import { storedLanguage, storeLanguage } from './stored-language.ts';

function browserLocales(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** The language the console opens in: the last choice made in this browser, else the browser's. */
function openingLanguage(): Language {
  return storedLanguage() ?? languageFromBrowser(browserLocales());
}

/**
 * Loads the catalogue of the language the console opens in, before the first render (main.tsx).
 * Never fails: when the catalogue cannot be fetched (offline), the console opens in English.
 */
export function loadOpeningLanguage(): Promise<void> {
  const language = openingLanguage();
  // English's first words are in the page; the rest loads with the signed-in console.
  if (canApplyLanguage(language)) return Promise.resolve();
  return loadLanguage(language).catch(() => undefined);
}

/**
 * Runs `apply` once the language's catalogue is here: at once when it is (a switch in the header
 * is then one render), else after fetching it (kept in English if that fails: nothing is lost).
 */
function whenLoaded(language: Language, apply: () => void): void {
  if (isLanguageLoaded(language)) apply();
  else loadLanguage(language).then(apply, () => undefined);
}

/**
 * The person's language for everything below: the last choice made in this browser, else the
 * browser's languages (its catalogue loaded first: `loadOpeningLanguage`). A change remounts the
 * page below (the query cache and the address stay), so every word and format, also those pure
 * functions produce, is in the new language.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(() => {
    const wanted = openingLanguage();
    const chosen = canApplyLanguage(wanted) ? wanted : 'en';
    applyLanguage(chosen, browserLocales());
    return chosen;
  });

  const choose = useCallback((next: Language, username?: string) => {
    storeLanguage(next, username);
    whenLoaded(next, () => {
      applyLanguage(next, browserLocales());
      setLanguage(next);
    });
  }, []);
  const restoreFor = useCallback((username: string) => {
    const own = storedLanguage(username);
    if (own === null || own === currentLanguage()) return;
    storeLanguage(own);
    whenLoaded(own, () => {
      applyLanguage(own, browserLocales());
      setLanguage(own);
    });
  }, []);

  useEffect(() => {
    document.documentElement.lang = currentLocale();
  }, [language]);

  const value = useMemo<LanguageChoice>(
    () => ({ language, choose, restoreFor }),
    [language, choose, restoreFor],
  );
  return (
    <LanguageContext.Provider value={value}>
      <Fragment key={language}>{children}</Fragment>
    </LanguageContext.Provider>
  );
}
