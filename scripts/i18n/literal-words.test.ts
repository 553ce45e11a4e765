import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { literalWordsIn, literalWordsInConsole } from './literal-words.ts';

/**
 * Every file of the console takes its words from the catalogues (issue 22 item 4: the last page
 * was converted); a word written in the code fails here, unless its line says `i18n-exempt`.
 */
describe('words a person reads come from the catalogues', () => {
  it('in every file of the console', () => {
    const findings = literalWordsInConsole(fileURLToPath(new URL('../..', import.meta.url)));
    const stray = findings.map((finding) => `${finding.file}:${finding.line} ${finding.text}`);
    expect(stray).toEqual([]);
  });
});

describe('the finder of literal words', () => {
  const find = (source: string) => literalWordsIn('x.tsx', source).map((f) => f.text);

  it('finds text between tags, visible attributes and strings in expressions', () => {
    expect(find('const a = <p>Sign out</p>;')).toEqual(['Sign out']);
    expect(find('const a = <Button aria-label="Close navigation" />;')).toEqual([
      'Close navigation',
    ]);
    expect(find("const a = <p>{open ? 'Hide details' : 'Show details'}</p>;")).toEqual([
      "'Hide details'",
      "'Show details'",
    ]);
    expect(find("const c = { header: 'Last seen' };")).toEqual(["'Last seen'"]);
    expect(find('const a = <p title={`Checked at ${time}`} />;')).toEqual(['`Checked at ${']);
  });

  it('finds a sentence wherever it is written, unless thrown or logged', () => {
    expect(find("setFailed('Map tiles could not be loaded.');")).toEqual([
      'Map tiles could not be loaded.',
    ]);
    expect(find('lines.push(`Accurate to about ${m} m`);')).toEqual(['Accurate to about']);
    expect(find("throw new Error('The offline map could not be loaded.');")).toEqual([]);
    expect(find("console.warn('The basemap worker stopped early');")).toEqual([]);
    expect(find("headers.set('Last-Event-ID', id);")).toEqual([]);
  });

  it('leaves catalogue calls, message ids, symbols, styles and exempted lines alone', () => {
    expect(find("const a = <p title={t('shell.product')}>{t('user.signOut')}</p>;")).toEqual([]);
    expect(find("const n = { label: 'nav.fleet' };")).toEqual([]);
    expect(find('const a = <span aria-hidden="true">✓ – °</span>;')).toEqual([]);
    expect(find('const a = <Button variant="light" color="dark" size="xs" />;')).toEqual([]);
    expect(find('// i18n-exempt: a product name\nconst a = <b>OpenStreetMap</b>;')).toEqual([]);
  });
});
