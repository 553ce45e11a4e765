import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { consoleFiles } from './literal-words.ts';

/**
 * Numbers formatted for reading outside the one formatter (src/lib/format-number.ts), which
 * follows the page's locale and writes one minus sign: `toFixed`, `toPrecision`,
 * `toLocaleString` and an `Intl.NumberFormat` of its own. A line that must keep one (coordinates
 * written with a dot, as maps take them) says why with `i18n-exempt`. Node test only.
 */
const FORMATTER = 'src/lib/format-number.ts';
const BY_HAND = new Set(['toFixed', 'toPrecision', 'toLocaleString']);

export interface NumberFinding {
  file: string;
  line: number;
  text: string;
}

export function numbersFormattedIn(file: string, source: string): NumberFinding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const lines = source.split('\n');
  const findings: NumberFinding[] = [];
  const visit = (node: ts.Node) => {
    const byHand =
      ts.isPropertyAccessExpression(node) &&
      (BY_HAND.has(node.name.text) ||
        (node.name.text === 'NumberFormat' && node.expression.getText(sf) === 'Intl'));
    if (byHand) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      if (!lines[line]?.includes('i18n-exempt') && !lines[line - 1]?.includes('i18n-exempt')) {
        findings.push({ file, line: line + 1, text: node.getText(sf) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

export function numbersFormattedInConsole(root: string): NumberFinding[] {
  return consoleFiles(root)
    .filter((file) => file !== FORMATTER)
    .flatMap((file) => numbersFormattedIn(file, readFileSync(join(root, file), 'utf8')));
}

/** Messages that format a temperature themselves ("{value, number} °C": a hyphen for minus). */
export function temperaturesInMessages(catalogue: Readonly<Record<string, string>>): string[] {
  return Object.entries(catalogue)
    .filter(([, message]) => /\}\s*°C/.test(message))
    .map(([id]) => id);
}
