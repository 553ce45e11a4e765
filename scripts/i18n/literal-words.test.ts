import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { literalWordsIn, literalWordsInConsole } from './literal-words.ts';

/**
 * Files whose words are still written in the code, being moved to the catalogues page by page
 * (issue 22 item 4). A file leaves this list when it is converted; the test fails when a listed
 * file has no words left, so the list only shrinks. New files are never added here.
 */
const notYetConverted = new Set([
  'src/app/routes/callback-page.tsx',
  'src/app/routes/channel-history-page.tsx',
  'src/app/routes/channels-page.tsx',
  'src/app/routes/group-page.tsx',
  'src/app/routes/groups-page.tsx',
  'src/app/routes/sign-in-page.tsx',
  'src/components/api-error-alert.tsx',
  'src/components/channel-table/channel-columns.tsx',
  'src/components/chart/temperature-chart.tsx',
  'src/components/confirm-dialog.tsx',
  'src/components/data-table/data-table.tsx',
  'src/features/channels/channel-details.tsx',
  'src/features/groups/add-members.tsx',
  'src/features/groups/create-group-form.tsx',
  'src/features/groups/members-table.tsx',
  'src/features/history/conn-panel.tsx',
  'src/features/history/load-progress.tsx',
  'src/features/history/nothing-yet.tsx',
  'src/features/history/raw-table.tsx',
  'src/features/history/replay-controls.tsx',
  'src/features/history/temperature-panel.tsx',
  'src/features/nodes/commission-form.tsx',
  'src/features/nodes/node-list.tsx',
  'src/features/properties/properties-panel.tsx',
  'src/features/push/delivery-log.tsx',
  'src/features/push/push-form.tsx',
  'src/features/push/push-panel.tsx',
  'src/features/push/test-inbox.tsx',
  'src/features/reports/cold-chain-panel.tsx',
  'src/features/reports/motion-totals-columns.ts',
  'src/features/reports/report-settings-form.tsx',
  'src/features/reports/trips-panel.tsx',
  'src/lib/history-store/engine.ts',
  'src/lib/history/zoom.ts',
  'src/lib/live/node-state.ts',
  'src/lib/properties.ts',
  'src/lib/reports/bands.ts',
  'src/lib/reports/settings.ts',
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
