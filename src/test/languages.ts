import { afterEach } from 'vitest';
import { applyLanguage, loadLanguage } from '../i18n/i18n.ts';

// Dutch is a chunk of its own in the console (loadLanguage before applyLanguage); tests have it at
// hand, so a test switches to it at once.
await loadLanguage('nl');
// English too: beyond the first page's words it is a chunk (loadAllWords), which the shell awaits.
await loadLanguage('en');
applyLanguage('en', ['en-US']);

// Every test starts in English, as a browser set to American English would.
afterEach(() => applyLanguage('en', ['en-US']));
