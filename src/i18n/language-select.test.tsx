import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from './i18n.ts';
import { I18nProvider } from './i18n-provider.tsx';
import { LanguageSelect } from './language-select.tsx';

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
}

/** A component, as pages are: it renders again in the new language. */
function Heading() {
  return <h1>{t('nav.fleet')}</h1>;
}

function Page({ username }: { username: string }) {
  return (
    <MantineProvider env="test">
      <I18nProvider>
        <LanguageSelect username={username} />
        <Heading />
      </I18nProvider>
    </MantineProvider>
  );
}

afterEach(() => {
  window.localStorage.clear();
  setBrowserLanguages(['en-US']);
});

describe('the language of the console', () => {
  it('follows the browser: Dutch for a browser that asks nl-BE first, with <html lang>', () => {
    setBrowserLanguages(['nl-BE', 'en-US']);
    render(<Page username="fleet" />);
    expect(screen.getByRole('heading')).toHaveTextContent('Vloot');
    expect(screen.getByRole('combobox', { name: 'Taal' })).toHaveValue('nl');
    expect(document.documentElement.lang).toBe('nl-BE');
  });

  it('is English for a browser of a language it does not speak', () => {
    setBrowserLanguages(['fr-FR']);
    render(<Page username="fleet" />);
    expect(screen.getByRole('heading')).toHaveTextContent('Fleet');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('switches in the header, at once, and is kept for that person', async () => {
    setBrowserLanguages(['en-GB']);
    const { unmount } = render(<Page username="fleet" />);
    expect(screen.getByRole('heading')).toHaveTextContent('Fleet');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'nl');
    expect(screen.getByRole('heading')).toHaveTextContent('Vloot');
    expect(document.documentElement.lang).toBe('nl-NL');
    expect(window.localStorage.getItem('tc.language.fleet')).toBe('nl');
    unmount();

    // The next visit opens in the person's language, though the browser asks English.
    render(<Page username="fleet" />);
    expect(screen.getByRole('heading')).toHaveTextContent('Vloot');
  });
});
