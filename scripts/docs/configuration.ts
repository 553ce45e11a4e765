/**
 * docs/configuration.md's tables, generated from the cloud's list of variables
 * (server/config-variables.ts), and a check that the list is whole: every `env.NAME` the cloud's
 * code reads (outside its tests) must be listed, and every listed variable must still be read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { configVariables, type ConfigVariable } from '../../server/config-variables.ts';
import { markdownTable, replaceBetween, type DocsResult } from './generated.ts';

const page = 'docs/configuration.md';
/** Read by the cloud's code but not its configuration: permission-sets.ts names who ran it. */
const notConfiguration = new Set(['USER', 'LOGNAME']);
const envRead = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[\s*'([A-Z][A-Z0-9_]+)'\s*\])/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The variables the cloud's code reads, each with the first file that reads it. */
function variablesRead(root: string): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of sourceFiles(join(root, 'server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(envRead)) {
      const name = match[1] ?? match[2];
      if (name !== undefined && !notConfiguration.has(name) && !read.has(name))
        read.set(name, relative(root, file));
    }
  }
  return read;
}

export function configurationTables(
  root: string,
  variables: readonly ConfigVariable[] = configVariables,
): DocsResult {
  const problems: string[] = [];
  const read = variablesRead(root);
  const listed = new Set(variables.map((variable) => variable.name));
  for (const [name, file] of read) {
    if (!listed.has(name)) {
      problems.push(
        `${file} reads ${name}, which ${page} does not list: add it to server/config-variables.ts ` +
          '(name, group, default, meaning), then run node scripts/docs-check.ts --write',
      );
    }
  }
  for (const name of listed) {
    if (!read.has(name)) {
      problems.push(`server/config-variables.ts lists ${name}, which the cloud no longer reads`);
    }
  }
  let text = readFileSync(join(root, page), 'utf8');
  for (const group of ['cloud', 'sign-in'] as const) {
    const rows = variables
      .filter((variable) => variable.group === group)
      .map((variable) => [`\`${variable.name}\``, variable.default, variable.meaning]);
    const table = markdownTable(['variable', 'default', 'meaning'], rows);
    text = replaceBetween(
      text,
      `<!-- config:${group} -->`,
      `<!-- /config:${group} -->`,
      `\n\n${table}\n\n`,
    );
  }
  return { files: new Map([[page, text]]), problems };
}
