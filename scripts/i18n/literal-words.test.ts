import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { literalWordsIn, literalWordsInConsole } from './literal-words.ts';

/**
 * Files whose words are still written in the code, being moved to the catalogues page by page
 * (issue 22 item 4). A file leaves this list when it is converted; the test fails when a listed
 * file has no words left, so the list only shrinks. New files are never added here.
 */
const notYetConverted = new Set([
  'src/app/routes/fleet-page.tsx',
  'src/components/settings-panel.tsx',
  'src/features/fleet-map/fleet-view.tsx',
  'src/features/fleet-map/moment-slider.tsx',
  'src/features/fleet-map/node-list.tsx',
  'src/features/fleet-map/node-popup.tsx',
  'src/features/history/track-panel.tsx',
  'src/features/push/delivery-log.tsx',
  'src/features/push/push-form.tsx',
  'src/features/push/test-inbox.tsx',
  'src/features/reports/daily-summary.tsx',
]);

describe('words a person reads come from the catalogues', () => {
  const findings = literalWordsInConsole(fileURLToPath(new URL('../..', import.meta.url)));

  it('in every converted file', () => {
    const stray = findings
      .filter((finding) => !notYetConverted.has(finding.file))
      .map((finding) => `${finding.file}:${finding.line} ${finding.text}`);
    expect(stray).toEqual([]);
  });

  it('the list of files not yet converted holds only such files', () => {
    const withWords = new Set(findings.map((finding) => finding.file));
    expect([...notYetConverted].filter((file) => !withWords.has(file))).toEqual([]);
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

  it('leaves catalogue calls, message ids, symbols, styles and exempted lines alone', () => {
    expect(find("const a = <p title={t('shell.product')}>{t('user.signOut')}</p>;")).toEqual([]);
    expect(find("const n = { label: 'nav.fleet' };")).toEqual([]);
    expect(find('const a = <span aria-hidden="true">✓ – °</span>;')).toEqual([]);
    expect(find('const a = <Button variant="light" color="dark" size="xs" />;')).toEqual([]);
    expect(find('// i18n-exempt: a product name\nconst a = <b>OpenStreetMap</b>;')).toEqual([]);
  });
});
