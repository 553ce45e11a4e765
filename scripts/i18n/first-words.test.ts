import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/messages/en.ts';
import { enFirst } from '../../src/i18n/messages/en-first.ts';

/**
 * The first page carries only `enFirst` of English (decision 0168): every message id named in a
 * module the entry imports statically (main.tsx and what it imports, not what it loads later)
 * must be in it, else the sign-in page would show an id.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Ids the first page's modules name but only signed-in pages say (time ranges of history). */
const SAID_LATER = /^range\./;

function firstPageIds(): Map<string, string> {
  const seen = new Set<string>();
  const ids = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
    const walk = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const typeOnly = ts.isImportDeclaration(node)
          ? node.importClause?.isTypeOnly
          : node.isTypeOnly;
        const target = resolve(dirname(file), node.moduleSpecifier.text);
        const catalogue = target.includes(join('i18n', 'messages'));
        if (!typeOnly && !catalogue && /\.tsx?$/.test(target) && existsSync(target)) visit(target);
      }
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        Object.hasOwn(en, node.text)
      ) {
        ids.set(node.text, relative(root, file));
      }
      ts.forEachChild(node, walk);
    };
    walk(sf);
  };
  visit(join(root, 'src', 'main.tsx'));
  return ids;
}

describe('the first page’s English', () => {
  it('holds every id the modules of the first page name', () => {
    const ids = firstPageIds();
    expect(ids.size).toBeGreaterThan(50);
    const missing = [...ids]
      .filter(([id]) => !Object.hasOwn(enFirst, id) && !SAID_LATER.test(id))
      .map(([id, file]) => `${file}: ${id}`);
    expect(missing).toEqual([]);
  });

  it('is a part of English, word for word', () => {
    for (const [id, message] of Object.entries(enFirst)) {
      expect(en[id as keyof typeof en], id).toBe(message);
    }
    expect(Object.keys(enFirst).length).toBeLessThan(Object.keys(en).length / 2);
  });
});
