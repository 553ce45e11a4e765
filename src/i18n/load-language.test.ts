import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, as the console has it before any Dutch was asked for. */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n.ts');
}

describe('catalogues other than English', () => {
  it('are fetched before they can be applied, then speak', async () => {
    const i18n = await freshI18n();
    expect(i18n.canApplyLanguage('en')).toBe(true);
    expect(i18n.canApplyLanguage('nl')).toBe(false);
    expect(i18n.isLanguageLoaded('nl')).toBe(false);
    expect(() => i18n.applyLanguage('nl', ['nl-NL'])).toThrow(/nl catalogue is not loaded/);
    expect(i18n.t('nav.fleet')).toBe('Fleet');

    await i18n.loadLanguage('nl');
    i18n.applyLanguage('nl', ['nl-NL']);
    expect(i18n.t('nav.fleet')).toBe('Vloot');
    expect(i18n.currentMessages()['nav.fleet']).toBe('Vloot');
  });
});

describe('English beyond the first page', () => {
  it('speaks the first page’s words at once and the rest once loadAllWords is done', async () => {
    const i18n = await freshI18n();
    expect(i18n.isLanguageLoaded('en')).toBe(false);
    expect(i18n.t('signIn.submit')).toBe('Sign in');
    expect(i18n.isMessageId('fleetMap.title')).toBe(false);

    await i18n.loadAllWords();
    expect(i18n.isLanguageLoaded('en')).toBe(true);
    expect(i18n.t('fleetMap.title')).toBe('Fleet');
    expect(i18n.isMessageId('fleetMap.title')).toBe(true);
  });
});
