import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds words a person would read that are written in the code instead of taken from the
 * catalogue: text between JSX tags, string values of attributes people read (labels, titles,
 * placeholders…), strings and templates inside JSX expressions, and string values of object
 * properties with such names (columns' headers, notices' messages). Node test only.
 */
const VISIBLE_NAME =
  /^(aria-label|aria-description|aria-valuetext|alt|title|label|placeholder|description|message|header|tooltip|error|hint|caption|legend|confirmLabel|cancelLabel|emptyText|text|summary|nothingFoundMessage)$/i;
/** A word: two letters in a row. Symbols ("✓", "–", "°") and single letters ("h") are not. */
const WORD = /\p{L}{2}/u;
const EXEMPT = 'i18n-exempt';
/**
 * A sentence: a capitalised word and two more ("Map tiles could not be loaded."), wherever it is
 * written (a state set, a line pushed to a list, a tooltip built by hand), unless it is thrown
 * or logged, which only developers read.
 */
const SENTENCE = /^[A-Z][a-z]+(?:[ ,’']+[\p{L}\d]+){2,}/u;
/** A message id ('nav.fleet') is how words are named, not words. */
const MESSAGE_ID = /^[a-z][\w-]*(\.[\w-]+)+$/;

export interface Finding {
  file: string;
  line: number;
  text: string;
}

function wordy(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return (
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
    WORD.test(node.text) &&
    !MESSAGE_ID.test(node.text)
  );
}

/** The string literals and template parts an expression may evaluate to, through ?:, ??, ||, (). */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node))
    return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    if (
      kind === ts.SyntaxKind.QuestionQuestionToken ||
      kind === ts.SyntaxKind.BarBarToken ||
      kind === ts.SyntaxKind.AmpersandAmpersandToken ||
      kind === ts.SyntaxKind.PlusToken
    )
      return [...literalsOf(node.left), ...literalsOf(node.right)];
    return [];
  }
  if (ts.isTemplateExpression(node)) {
    const parts: ts.Node[] = [];
    if (WORD.test(node.head.text)) parts.push(node.head);
    for (const span of node.templateSpans)
      if (WORD.test(span.literal.text)) parts.push(span.literal);
    return parts;
  }
  return wordy(node) ? [node] : [];
}

/** Whether the literal is thrown, made into an Error or logged to the console. */
function forDevelopers(node: ts.Node, sf: ts.SourceFile): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isThrowStatement(at) || ts.isNewExpression(at)) return true;
    if (ts.isCallExpression(at) && /^console\./.test(at.expression.getText(sf))) return true;
    if (ts.isStatement(at) || ts.isJsxElement(at)) return false;
  }
  return false;
}

function sentenceIn(node: ts.Node): string | undefined {
  const literal =
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node);
  return literal && SENTENCE.test(node.text.trim()) ? node.text : undefined;
}

function nameOf(name: ts.PropertyName | ts.JsxAttributeName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return '';
}

export function literalWordsIn(file: string, source: string): Finding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const lines = source.split('\n');
  const findings: Finding[] = [];
  const reported = new Set<ts.Node>();
  const report = (node: ts.Node, text: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    if (lines[line]?.includes(EXEMPT) || lines[line - 1]?.includes(EXEMPT)) return;
    reported.add(node);
    findings.push({ file, line: line + 1, text: text.trim().slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORD.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression) {
      const parent = node.parent;
      const shown =
        ts.isJsxElement(parent) ||
        ts.isJsxFragment(parent) ||
        (ts.isJsxAttribute(parent) && VISIBLE_NAME.test(nameOf(parent.name)));
      if (shown)
        for (const literal of literalsOf(node.expression)) report(literal, literal.getText(sf));
    }
    if (ts.isJsxAttribute(node) && node.initializer && wordy(node.initializer)) {
      if (VISIBLE_NAME.test(nameOf(node.name))) report(node, node.initializer.text);
    }
    if (ts.isPropertyAssignment(node) && VISIBLE_NAME.test(nameOf(node.name))) {
      for (const literal of literalsOf(node.initializer)) report(literal, literal.getText(sf));
    }
    const sentence = sentenceIn(node);
    if (sentence !== undefined && !reported.has(node) && !forDevelopers(node, sf)) {
      report(node, sentence);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

/** The console's source files (words and numbers are checked in them): not tests, test helpers or the catalogues. */
export function consoleFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['test', 'messages'].includes(entry.name)) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push(relative(root, path));
      }
    }
  };
  walk(join(root, 'src'));
  return out.sort();
}

export function literalWordsInConsole(root: string): Finding[] {
  return consoleFiles(root).flatMap((file) =>
    literalWordsIn(file, readFileSync(join(root, file), 'utf8')),
  );
}
