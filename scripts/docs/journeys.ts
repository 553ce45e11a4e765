/**
 * The journey counts in docs/architecture.md: each figure stands between markers that say how it
 * is counted, `<!-- journey:<route module> [--to <module> …] -->N files<!-- /journey -->`, and is
 * written by the count of scripts/journey.ts. Only files are written: lines change with every
 * edit of a page's code, files only when its imports do (`--list` prints the lines).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countJourney } from '../journey-count.ts';
import type { DocsResult } from './generated.ts';

const marker = /<!-- journey:([^>]*?) -->(.*?)<!-- \/journey -->/g;

export function journeyFigures(root: string, file = 'docs/architecture.md'): DocsResult {
  const problems: string[] = [];
  const text = readFileSync(join(root, file), 'utf8');
  const written = text.replace(marker, (whole, spec: string) => {
    const words = spec.trim().split(/\s+/);
    const [route, ...rest] = words;
    const targets = rest.flatMap((word, i) => (rest[i - 1] === '--to' ? [word] : []));
    try {
      const journey = countJourney(root, route ?? '', targets);
      return `<!-- journey:${spec} -->${journey.files.length} files<!-- /journey -->`;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      problems.push(`${file}: ${why} (a page moved? fix the marker)`);
      return whole;
    }
  });
  return { files: new Map([[file, written]]), problems };
}
