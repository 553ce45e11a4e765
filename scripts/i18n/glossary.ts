import { readFileSync } from 'node:fs';

/** A glossary row: a term's wrong ways of writing, per language. */
export interface GlossaryTerm {
  term: string;
  not: { en: string[]; nl: string[] };
}

const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** The table of docs/glossary.md: Term | English | Not (English) | Dutch | Not (Dutch). */
export function readGlossary(markdown: string): GlossaryTerm[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map(cells)
    .map(([term = '', , notEn, , notNl]) => ({ term, not: { en: list(notEn), nl: list(notNl) } }));
}

export function glossaryFile(path: string): GlossaryTerm[] {
  return readGlossary(readFileSync(path, 'utf8'));
}

/**
 * Messages that write a term the way the glossary rules out: whole words, in any case
 * ("Historie", "historie"), also where the message's markup or placeholders surround them.
 */
export function againstGlossary(
  catalogue: Readonly<Record<string, string>>,
  terms: readonly GlossaryTerm[],
  language: 'en' | 'nl',
): string[] {
  const found: string[] = [];
  for (const { term, not } of terms) {
    for (const wrong of not[language]) {
      const escaped = wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'iu');
      for (const [id, message] of Object.entries(catalogue)) {
        if (pattern.test(message)) found.push(`${id}: "${wrong}" (glossary: ${term})`);
      }
    }
  }
  return found;
}
