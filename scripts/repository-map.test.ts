import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself (docs/architecture.md): no file may send a reader to a design
// file a clone does not have, and every relative link of the README and docs/ leads somewhere.
const root = join(import.meta.dirname, '..');
const sourceFolders = ['src', 'server', 'contract', 'e2e', 'scripts', 'docs'];

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|md|css|sh)$/.test(entry.name) ? [path] : [];
  });
}

const files = ['README.md', ...sourceFolders.flatMap(filesUnder)].filter(
  (path) => path !== relative(root, import.meta.filename),
);

describe('the repository map', () => {
  it('never cites a design file outside the repository', () => {
    const citing = files.filter((path) =>
      /\bDESIGN\.md\b/.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(citing).toEqual([]);
  });

  it('links from the README and docs/ to files that exist', () => {
    const broken: string[] = [];
    for (const path of files.filter((file) => file.endsWith('.md'))) {
      const text = readFileSync(join(root, path), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(root, dirname(path), target))) broken.push(`${path} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('cites decision records that exist, from code as from docs', () => {
    const broken: string[] = [];
    for (const path of files) {
      const text = readFileSync(join(root, path), 'utf8');
      for (const [cited] of text.matchAll(/docs\/decisions\/[\w.-]+\.md/g)) {
        if (!existsSync(join(root, cited))) broken.push(`${path} → ${cited}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
