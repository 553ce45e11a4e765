/**
 * The decision records' status lines and their index (docs/decisions/README.md), generated from
 * the records. Under its title a record says `Status: …` (written here), `Topic: …` (by its
 * author, one of TOPICS) and, when it takes another's place, `Replaces: [NNNN](…)` (add
 * `in part` when it replaces only some of it). A record's status follows from the others:
 * superseded by those that replace it, else in force. A record without a Topic line is listed with
 * "—", so a record written elsewhere merges without failing the lint.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, replaceBetween, type DocsResult } from './generated.ts';

const folder = 'docs/decisions';
const INDEX_START = '<!-- decisions:index -->';
const INDEX_END = '<!-- /decisions:index -->';
/** The topics a record may name (docs/decisions/README.md says so too). */
const TOPICS = [
  'auth',
  'access',
  'push',
  'storage',
  'history',
  'live',
  'console',
  'alarms',
  'support',
  'operations',
  'security',
  'i18n',
  'api',
  'code',
];

interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  topic: string | undefined;
  replaces: { number: string; inPart: boolean }[];
  text: string;
}

/** The lines between the title and the first section: where Status, Topic and Replaces live. */
function frontLines(text: string): string[] {
  const lines = text.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && line.startsWith('#'));
  return lines.slice(1, end < 0 ? 12 : Math.min(end, 12));
}

function readRecord(root: string, file: string): DecisionRecord {
  const text = readFileSync(join(root, folder, file), 'utf8');
  const heading = text.split('\n', 1)[0] ?? '';
  const front = frontLines(text);
  const field = (name: string) =>
    front
      .find((line) => line.startsWith(`${name}: `))
      ?.slice(name.length + 2)
      .trim();
  const replaces = [...(field('Replaces') ?? '').matchAll(/\[(\d{4})\]\([^)]*\)( in part)?/g)].map(
    (match) => ({ number: match[1] ?? '', inPart: match[2] !== undefined }),
  );
  return {
    number: file.slice(0, 4),
    file,
    title: heading.replace(/^#\s*/, '').replace(/^\d{4}[\s:.-]+/, ''),
    topic: field('Topic'),
    replaces,
    text,
  };
}

function statusOf(record: DecisionRecord, all: DecisionRecord[]): string {
  const by = all.flatMap((other) =>
    other.replaces
      .filter((replaced) => replaced.number === record.number)
      .map((replaced) => ({ other, inPart: replaced.inPart })),
  );
  if (by.length === 0) return 'in force';
  const links = by.map(({ other }) => `[${other.number}](${other.file})`).join(', ');
  return `superseded ${by.every(({ inPart }) => inPart) ? 'in part ' : ''}by ${links}`;
}

/** The record's text with its Status line as it should read (inserted under the title if absent). */
function withStatus(record: DecisionRecord, status: string): string {
  const line = `Status: ${status}`;
  const lines = record.text.split('\n');
  const front = frontLines(record.text);
  const at = front.findIndex((text) => text.startsWith('Status: '));
  const beside = front.findIndex((text) => /^(Topic|Replaces): /.test(text));
  if (at >= 0) lines[at + 1] = line;
  else if (beside >= 0) lines.splice(beside + 1, 0, line);
  else lines.splice(1, 0, '', line);
  return lines.join('\n');
}

export function decisionIndex(root: string): DocsResult {
  const files = new Map<string, string>();
  const problems: string[] = [];
  const records = readdirSync(join(root, folder))
    .filter((file) => /^\d{4}-.*\.md$/.test(file))
    .sort()
    .map((file) => readRecord(root, file));
  const numbers = new Set(records.map((record) => record.number));
  const rows: string[][] = [];
  for (const record of records) {
    for (const replaced of record.replaces) {
      if (!numbers.has(replaced.number)) {
        problems.push(
          `${folder}/${record.file}: Replaces names ${replaced.number}, no such record`,
        );
      }
    }
    if (record.topic !== undefined && !TOPICS.includes(record.topic)) {
      problems.push(
        `${folder}/${record.file}: "Topic: ${record.topic}" is none of ${TOPICS.join(', ')}; ` +
          'write one of them (or add the new topic to scripts/docs/decisions.ts and the index page)',
      );
    }
    const status = statusOf(record, records);
    files.set(`${folder}/${record.file}`, withStatus(record, status));
    rows.push([`[${record.number}](${record.file})`, record.title, status, record.topic ?? '—']);
  }
  const index = `${folder}/README.md`;
  const table = markdownTable(['record', 'decision', 'status', 'topic'], rows);
  try {
    const text = readFileSync(join(root, index), 'utf8');
    files.set(index, replaceBetween(text, INDEX_START, INDEX_END, `\n\n${table}\n\n`));
  } catch (error) {
    problems.push(`${index}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { files, problems };
}
