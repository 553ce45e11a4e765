import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { applyLanguage, loadLanguage } from '../i18n/i18n.ts';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

// jsdom lacks what Mantine's components ask the browser for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;
// Textarea autosize listens for font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// Every test starts in English, as a browser set to American English would.
afterEach(() => applyLanguage('en', ['en-US']));
// Dutch is a chunk of its own in the console; tests switch to it at once, so it is here first.
await loadLanguage('nl');
