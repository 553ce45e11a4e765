import { NativeSelect } from '@mantine/core';
import { languageNames, languages, t } from './i18n.ts';
import { useLanguage } from './language-context.ts';

/** The header's choice of language, remembered for the signed-in person. */
export function LanguageSelect({ username }: { username: string }) {
  const { language, choose } = useLanguage();
  return (
    <NativeSelect
      aria-label={t('shell.language')}
      size="sm"
      w={124}
      value={language}
      data={languages.map((value) => ({ value, label: languageNames[value] }))}
      onChange={(event) => {
        const next = languages.find((value) => value === event.currentTarget.value);
        if (next) choose(next, username);
      }}
    />
  );
}
