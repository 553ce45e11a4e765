/**
 * Store code size as issue 18 counts it (docs/decisions/0105-store-code-size.md): the lines of
 * `server/store/**\/*.ts` without tests, the stores of features added after 13704e7 (audit trail,
 * people, alarms) apart, against the 4,487 lines of 13704e7 and the target of 60 % of them.
 *
 *   node scripts/store-lines.ts          the working tree
 *   node scripts/store-lines.ts main     a commit (what git holds there)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const AT_13704E7 = 4487;
const TARGET = Math.floor(AT_13704E7 * 0.6);
const NEW_FEATURES = /^server\/store\/(sql\/)?(audit|people|alarms)\.ts$/;

const rev = process.argv[2];
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });
const files = git(...(rev ? ['ls-tree', '-r', '--name-only', rev] : ['ls-files']), 'server/store')
  .split('\n')
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
const text = (path: string) => (rev ? git('show', `${rev}:${path}`) : readFileSync(path, 'utf8'));
// As `wc -l` counts: newline characters.
const lines = (path: string) => text(path).split('\n').length - 1;

let total = 0;
let added = 0;
for (const path of files) {
  const count = lines(path);
  total += count;
  if (NEW_FEATURES.test(path)) added += count;
}
const old = total - added;
const percent = (value: number) => `${((100 * value) / AT_13704E7).toFixed(1)} %`;
console.log(`store code (${rev ?? 'working tree'}): ${total} lines in ${files.length} files`);
console.log(`  features added since 13704e7 (audit, people, alarms): ${added}`);
console.log(`  features of 13704e7: ${old} = ${percent(old)} of ${AT_13704E7}`);
console.log(`  target: ${TARGET} (60 %): ${old <= TARGET ? 'met' : `${old - TARGET} lines over`}`);
