import { createContext, useContext } from 'react';
import type { Language } from './i18n.ts';

export interface LanguageChoice {
  language: Language;
  /** The person's choice: applied at once, remembered for them (`username`) and as the last used. */
  choose: (language: Language, username?: string) => void;
  /** Applies the choice a person made before, when they sign in; nothing when they made none. */
  restoreFor: (username: string) => void;
}

const fallback: LanguageChoice = {
  language: 'en',
  choose: () => undefined,
  restoreFor: () => undefined,
};

export const LanguageContext = createContext<LanguageChoice>(fallback);

export function useLanguage(): LanguageChoice {
  return useContext(LanguageContext);
}
