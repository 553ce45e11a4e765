import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigVariable } from '../server/config-variables.ts';
import { checkDocs } from './docs/check.ts';
import { configurationTables } from './docs/configuration.ts';
import { decisionIndex } from './docs/decisions.ts';
import { journeyFigures } from './docs/journeys.ts';

// The generated parts of the docs fail the lint when stale (docs/architecture.md, docs/decisions/,
// docs/configuration.md): each check here runs on a small repository of its own, in a temporary folder.
let root: string;
// Not written out whole: the repository map would take the made-up records for broken citations.
const decisions = 'docs/decisions';

function put(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const read = (path: string) => readFileSync(join(root, path), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'docs-check-'));
  // Prettier's settings of the project, so the temporary docs are formatted as the real ones.
  cpSync(join(import.meta.dirname, '..', '.prettierrc.json'), join(root, '.prettierrc.json'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('journey figures', () => {
  beforeEach(() => {
    put('src/main.tsx', "import './shell.ts';\n");
    put('src/shell.ts', 'export const shell = 1;\n');
    put('src/page.tsx', "import './shell.ts';\nimport './a.ts';\nimport './b.ts';\n");
    put('src/a.ts', "import './b.ts';\n");
    put('src/b.ts', 'export const b = 1;\n');
  });

  it('fails on a stale count and writes the right one', async () => {
    put(
      'docs/architecture.md',
      'The page: <!-- journey:src/page.tsx -->2 files<!-- /journey -->.\n',
    );
    const parts = [journeyFigures];
    expect(await checkDocs(root, { write: false, parts })).toEqual([
      'docs/architecture.md is out of date: run node scripts/docs-check.ts --write',
    ]);
    expect(await checkDocs(root, { write: true, parts })).toEqual([]);
    expect(read('docs/architecture.md')).toBe(
      'The page: <!-- journey:src/page.tsx -->3 files<!-- /journey -->.\n',
    );
    expect(await checkDocs(root, { write: false, parts })).toEqual([]);
  });

  it('counts one journey with --to, and names a module that moved', async () => {
    put(
      'docs/architecture.md',
      '<!-- journey:src/page.tsx --to src/b.ts -->3 files<!-- /journey -->\n' +
        '<!-- journey:src/gone.tsx -->1 files<!-- /journey -->\n',
    );
    const messages = await checkDocs(root, { write: true, parts: [journeyFigures] });
    expect(messages).toEqual([
      'docs/architecture.md: journey: no module src/gone.tsx (a page moved? fix the marker)',
    ]);
    expect(read('docs/architecture.md')).toContain('--to src/b.ts -->3 files<');
  });
});

describe('the decision index', () => {
  const index = '# Decisions\n\n<!-- decisions:index -->\n<!-- /decisions:index -->\n';

  beforeEach(() => {
    put(`${decisions}/0001-first.md`, '# First\n\nStatus: in force\nTopic: push\n\n## Context\n');
    put(
      `${decisions}/0002-second.md`,
      '# 0002 Second\n\nStatus: in force\nTopic: auth\nReplaces: [0001](0001-first.md)\n',
    );
    put('docs/decisions/README.md', index);
  });

  it('fails while out of date, then lists every record in order with its status and topic', async () => {
    const parts = [decisionIndex];
    const stale = await checkDocs(root, { write: false, parts });
    expect(stale).toEqual([
      `${decisions}/0001-first.md is out of date: run node scripts/docs-check.ts --write`,
      'docs/decisions/README.md is out of date: run node scripts/docs-check.ts --write',
    ]);
    await checkDocs(root, { write: true, parts });
    expect(read(`${decisions}/0001-first.md`)).toContain(
      'Status: superseded by [0002](0002-second.md)\nTopic: push',
    );
    const rows = read('docs/decisions/README.md')
      .split('\n')
      .filter((line) => line.startsWith('| ['))
      .map((line) => line.replace(/\s+/g, ' '));
    expect(rows).toEqual([
      '| [0001](0001-first.md) | First | superseded by [0002](0002-second.md) | push |',
      '| [0002](0002-second.md) | Second | in force | auth |',
    ]);
  });

  it('takes a record written without Status or Topic: in force, topic "—"', async () => {
    put(`${decisions}/0003-third.md`, '# Third\n\n## Context\n');
    await checkDocs(root, { write: true, parts: [decisionIndex] });
    expect(read(`${decisions}/0003-third.md`)).toBe('# Third\n\nStatus: in force\n\n## Context\n');
    expect(read('docs/decisions/README.md')).toMatch(
      /\| \[0003\]\(0003-third\.md\) +\| Third +\| in force +\| — +\|/,
    );
    expect(await checkDocs(root, { write: false, parts: [decisionIndex] })).toEqual([]);
  });
  it('names a topic it does not know, and the ones it does', async () => {
    put(`${decisions}/0003-third.md`, '# Third\n\nTopic: logging\n');
    const messages = await checkDocs(root, { write: true, parts: [decisionIndex] });
    expect(messages).toEqual([
      expect.stringMatching(/^docs\/decisions\/0003-third\.md: "Topic: logging" is none of auth, /),
    ]);
  });
});

describe('the configuration tables', () => {
  const variables: ConfigVariable[] = [
    { name: 'PORT', group: 'cloud', default: '`8080`', meaning: 'port to listen on' },
  ];
  const part = (at: string) => configurationTables(at, variables);

  beforeEach(() => {
    put(
      'docs/configuration.md',
      '# Configuration\n\n<!-- config:cloud -->\n<!-- /config:cloud -->\n\n<!-- config:sign-in -->\n<!-- /config:sign-in -->\n',
    );
    put('server/config.ts', 'export const port = process.env.PORT;\n');
    put('server/test/helper.ts', 'export const bin = process.env.PG_BIN;\n');
  });

  it('writes the table from the list of variables', async () => {
    expect(await checkDocs(root, { write: false, parts: [part] })).toEqual([
      'docs/configuration.md is out of date: run node scripts/docs-check.ts --write',
    ]);
    await checkDocs(root, { write: true, parts: [part] });
    expect(read('docs/configuration.md')).toContain('| `PORT`   | `8080`  | port to listen on |');
    expect(await checkDocs(root, { write: false, parts: [part] })).toEqual([]);
  });

  it('fails on a variable the cloud reads that the table does not list', async () => {
    await checkDocs(root, { write: true, parts: [part] });
    put('server/limits.ts', "export const queue = process.env['QUEUE_PER_USER'];\n");
    expect(await checkDocs(root, { write: false, parts: [part] })).toEqual([
      'server/limits.ts reads QUEUE_PER_USER, which docs/configuration.md does not list: add it to ' +
        'server/config-variables.ts (name, group, default, meaning), then run node scripts/docs-check.ts --write',
    ]);
  });
});

describe('the README', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it("stays a newcomer's page that starts with the two commands (.ci/run relies on them)", () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toMatch(
      /^# Telemetry Console\n\n```sh\nnpm ci && npm start .*\nnpm ci && npm test /,
    );
  });
});
