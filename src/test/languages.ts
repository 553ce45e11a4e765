import { afterEach } from 'vitest';
import { applyLanguage, loadLanguage } from '../i18n/i18n.ts';

// Dutch is a chunk of its own in the console (loadLanguage before applyLanguage); tests have it at
// hand, so a test switches to it at once.
await loadLanguage('nl');

// Every test starts in English, as a browser set to American English would.
afterEach(() => applyLanguage('en', ['en-US']));
