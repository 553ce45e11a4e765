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
import { countJourney } from './journey-count.ts';

const route = process.argv[2];
if (!route) {
  console.error('usage: node scripts/journey.ts <route module> [--list] [--to <module> …]');
  process.exit(2);
}
const targets = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--to' ? [arg] : []));
const journey = countJourney(process.cwd(), route, targets);
if (process.argv.includes('--list')) {
  for (const file of journey.files) console.log(String(file.lines).padStart(5), file.path);
}
console.log(
  `${route}: ${journey.files.length} files, ${journey.lines} lines (shell: ${journey.shellFiles} files, not counted)`,
);
