/**
 * Counts the files and lines of a console journey (docs/architecture.md, "Journeys"): the modules
 * a page adds to the shell, found by following its imports from the route module.
 *
 *   node scripts/journey.ts src/app/routes/fleet-page.tsx [--list] [--to <module> …]
 *
 * How it counts: from the route module, every relative `import … from`, `export … from`,
 * `import('…')` and `new URL('…', import.meta.url)` (workers) is followed, type-only imports
 * (`import type`) are not (they carry no data). A module the shell has loaded already is not
 * counted or entered: the closure of src/main.tsx by static imports (the API client, paths,
 * permissions, the providers), read once for every journey. Shapes in contract/ and style sheets
 * are not entered either: they say what data looks like, not where it goes.
 *
 * With `--to`, one journey of the page rather than all it shows: only the modules on an import
 * path from the route module to one of the named modules (both ends counted), e.g. the trips
 * report: `--to src/features/reports/trips-panel.tsx --to src/lib/reports/trips.ts`.
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

const root = process.cwd();
const route = process.argv[2];
if (!route) {
  console.error('usage: node scripts/journey.ts <route module> [--list]');
  process.exit(2);
}
const outside = (file: string) =>
  relative(root, file).startsWith('contract/') || file.endsWith('.css');
const shell = closure(resolve(root, 'src/main.tsx'), false, outside);
const page = closure(resolve(root, route), true, (file) => outside(file) || shell.has(file));
const targets = process.argv.flatMap((arg, i) =>
  process.argv[i - 1] === '--to' ? [resolve(root, arg)] : [],
);

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
const journey = targets.length > 0 ? leadingTo(page, targets) : page;
const lines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;
let total = 0;
for (const file of [...journey].sort()) {
  total += lines(file);
  if (process.argv.includes('--list'))
    console.log(String(lines(file)).padStart(5), relative(root, file));
}
console.log(
  `${route}: ${journey.size} files, ${total} lines (shell: ${shell.size} files, not counted)`,
);
