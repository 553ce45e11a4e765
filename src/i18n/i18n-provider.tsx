import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  applyLanguage,
  currentLanguage,
  currentLocale,
  languageFromBrowser,
  type Language,
} from './i18n.ts';
import { LanguageContext, type LanguageChoice } from './language-context.ts';
import { storedLanguage, storeLanguage } from './stored-language.ts';

function browserLocales(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * The person's language for everything below: the last choice made in this browser, else the
 * browser's languages. A change remounts the page below (the query cache and the address stay),
 * so every word and format, also those pure functions produce, is in the new language.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(() => {
    const chosen = storedLanguage() ?? languageFromBrowser(browserLocales());
    applyLanguage(chosen, browserLocales());
    return chosen;
  });

  const choose = useCallback((next: Language, username?: string) => {
    storeLanguage(next, username);
    applyLanguage(next, browserLocales());
    setLanguage(next);
  }, []);
  const restoreFor = useCallback((username: string) => {
    const own = storedLanguage(username);
    if (own === null || own === currentLanguage()) return;
    storeLanguage(own);
    applyLanguage(own, browserLocales());
    setLanguage(own);
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
