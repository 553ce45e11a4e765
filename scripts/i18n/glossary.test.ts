import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageWordsEn, pageWordsNl } from '../../server/auth/page-words.ts';
import { en } from '../../src/i18n/messages/en.ts';
import { nl } from '../../src/i18n/messages/nl.ts';
import { againstGlossary, glossaryFile, readGlossary } from './glossary.ts';

/** Both catalogues, and the sign-in service's pages, follow docs/glossary.md (issue 33). */
const terms = glossaryFile(fileURLToPath(new URL('../../docs/glossary.md', import.meta.url)));

describe('one word for each thing (docs/glossary.md)', () => {
  it('reads the glossary', () => {
    const history = terms.find((term) => term.term === 'history');
    expect(history?.not.nl).toEqual(['historie']);
    expect(terms.length).toBeGreaterThan(10);
  });

  it('the English catalogue and pages write every term the glossary’s way', () => {
    expect(againstGlossary({ ...en, ...pageWordsEn }, terms, 'en')).toEqual([]);
  });

  it('the Dutch catalogue and pages write every term the glossary’s way', () => {
    expect(againstGlossary({ ...nl, ...pageWordsNl }, terms, 'nl')).toEqual([]);
  });

  it('finds a term written the other way (the check itself)', () => {
    const table = readGlossary(
      '| Term | English | Not | Dutch | Not |\n| - | - | - | - | - |\n| history | history | | geschiedenis | historie |\n',
    );
    expect(
      againstGlossary({ 'a.b': 'De Historie van {name}', 'a.c': 'Historiek' }, table, 'nl'),
    ).toEqual(['a.b: "historie" (glossary: history)']);
  });
});
