import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/messages/en.ts';
import { nl } from '../../src/i18n/messages/nl.ts';
import { compileCatalogue } from './compiled-messages.ts';

describe('messages compiled at build time', () => {
  it.each([
    ['en', en],
    ['nl', nl],
  ] as const)('%s: every message is the AST the browser would have parsed', (locale, messages) => {
    const compiled = compileCatalogue(messages);
    expect(Object.keys(compiled)).toEqual(Object.keys(messages));
    for (const [id, text] of Object.entries(messages)) {
      expect([id, compiled[id]]).toEqual([id, new IntlMessageFormat(text, locale).getAst()]);
    }
  });

  it('format as the strings do', () => {
    const compiled = compileCatalogue(en);
    const id = 'alarms.local.watching';
    const text: string = en[id];
    const values = { count: 3, since: '08:00' };
    const fromAst = new IntlMessageFormat(compiled[id] ?? [], 'en').format(values);
    expect(fromAst).toBe(new IntlMessageFormat(text, 'en').format(values));
    expect(fromAst).toBe('Watching 3 nodes since 08:00.');
  });
});
