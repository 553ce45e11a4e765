import { pathToFileURL } from 'node:url';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** The catalogues the console loads (src/i18n/i18n.ts), and the name each exports. */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/](en|nl|en-first)\.ts$/;
const EXPORTED: Readonly<Record<string, string>> = { en: 'en', nl: 'nl', 'en-first': 'enFirst' };

/** Every message of a catalogue as FormatJS's AST, parsed as intl-messageformat would. */
export function compileCatalogue(
  messages: Readonly<Record<string, string>>,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
}

/**
 * The console's messages compiled at build time (FormatJS's "pre-compile messages to AST"):
 * each catalogue module is replaced by its messages as AST, and the ICU parser is left out of the
 * browser's code (aliased to FormatJS's `no-parser`, about 8 KB gzip of the first page), which
 * then never parses a message. `npm run dev` and the tests keep the strings and the parser; the
 * end-to-end tests run the build.
 */
export function compiledMessages(): Plugin {
  return {
    name: 'compiled-messages',
    apply: 'build',
    enforce: 'pre',
    config() {
      return {
        resolve: {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ],
        },
      };
    },
    async transform(_code, id) {
      const file = CATALOGUE.exec(id)?.[1];
      const language = file === undefined ? undefined : EXPORTED[file];
      if (language === undefined) return undefined;
      // Node runs the catalogue (TypeScript without types) as the build's own module.
      const module = (await import(pathToFileURL(id).href)) as Record<string, unknown>;
      const messages = module[language] as Record<string, string>;
      const compiled = JSON.stringify(compileCatalogue(messages));
      return { code: `export const ${language} = ${compiled};\n`, map: null };
    },
  };
}
