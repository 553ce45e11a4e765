import { languages, type Language } from './i18n.ts';

// Kept in this browser, per person: the interface has no place for a person's preferences, and a
// shared computer in the yard office serves several people. The last choice also serves the
// sign-in page, before anyone is known.
const LAST = 'tc.language';
const personKey = (username: string) => `tc.language.${username}`;

function read(key: string): Language | null {
  try {
    const value = window.localStorage.getItem(key);
    return languages.find((language) => language === value) ?? null;
  } catch {
    return null; // Storage refused (private mode, policy): the browser's language serves.
  }
}

export function storedLanguage(username?: string): Language | null {
  return username === undefined ? read(LAST) : read(personKey(username));
}

export function storeLanguage(language: Language, username?: string): void {
  try {
    window.localStorage.setItem(LAST, language);
    if (username !== undefined) window.localStorage.setItem(personKey(username), language);
  } catch {
    // Not remembered; the choice still holds for this visit.
  }
}
