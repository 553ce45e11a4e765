/**
 * The counting behind `node scripts/journey.ts` (what it follows and why: that script's comment),
 * as a function, so that docs/architecture.md's figures are written and checked by
 * scripts/docs-check.ts from the same count.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+)['"]/g;

function importsOf(file: string, dynamic: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    if (match[2]) continue;
    const spec = match[3] ?? (dynamic ? (match[4] ?? match[5]) : undefined);
    if (spec === undefined) continue;
    const target = resolve(dirname(file), spec.replace(/\?.*$/, ''));
    if (existsSync(target)) found.push(target);
  }
  return found;
}

function closure(start: string, dynamic: boolean, stop: (file: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || stop(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file, dynamic));
  }
  return seen;
}

/** The modules of `files` from which one of `ends` can be reached by imports inside `files`. */
function leadingTo(files: Set<string>, ends: string[]): Set<string> {
  const on = new Set(ends.filter((end) => files.has(end)));
  for (let grew = true; grew;) {
    grew = false;
    for (const file of files) {
      if (on.has(file) || !importsOf(file, true).some((next) => on.has(next))) continue;
      on.add(file);
      grew = true;
    }
  }
  return on;
}

export interface Journey {
  /** The modules counted, relative to the root, sorted. */
  files: { path: string; lines: number }[];
  lines: number;
  /** Modules the shell (src/main.tsx) has loaded already, not counted. */
  shellFiles: number;
}

/**
 * The journey of `route` (a route module, relative to `root`); with `targets`, only the modules
 * on an import path from it to one of them. Throws when a module named does not exist, so that a
 * moved page is reported rather than counted as nothing.
 */
export function countJourney(root: string, route: string, targets: string[] = []): Journey {
  for (const name of [route, ...targets]) {
    if (!existsSync(resolve(root, name))) throw new Error(`journey: no module ${name}`);
  }
  const outside = (file: string) =>
    relative(root, file).startsWith('contract/') || file.endsWith('.css');
  const shell = closure(resolve(root, 'src/main.tsx'), false, outside);
  const page = closure(resolve(root, route), true, (file) => outside(file) || shell.has(file));
  const ends = targets.map((target) => resolve(root, target));
  const journey = ends.length > 0 ? leadingTo(page, ends) : page;
  const files = [...journey].sort().map((file) => ({
    path: relative(root, file),
    lines: readFileSync(file, 'utf8').trimEnd().split('\n').length,
  }));
  return {
    files,
    lines: files.reduce((sum, file) => sum + file.lines, 0),
    shellFiles: shell.size,
  };
}
