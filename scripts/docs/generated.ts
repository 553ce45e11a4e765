/**
 * What scripts/docs-check.ts asks of each part of the docs it keeps true: the files as they should
 * read (written with --write) and what cannot be fixed by writing (said, and lint fails).
 */
export interface DocsResult {
  /** Files (relative to the root) and the text they should have. */
  files: Map<string, string>;
  /** What a person must fix by hand, each naming the file and what to do. */
  problems: string[];
}

/** Replaces what stands between `start` and `end` markers with `body`, keeping the markers. */
export function replaceBetween(text: string, start: string, end: string, body: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`markers ${start} … ${end} not found`);
  return text.slice(0, from + start.length) + body + text.slice(to);
}

/** A Markdown table; cells have their pipes escaped (Prettier aligns the columns). */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) =>
    `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
