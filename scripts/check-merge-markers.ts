import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Conflict markers that a merge left behind, including the form Prettier gives `>>>>>>>` in
// Markdown (a nested quote, "> > > > > > >").
const marker = /^(<{7} |>{7} |(> ){6}> )/;

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !file.endsWith('package-lock.json'));
const found: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    if (marker.test(line)) found.push(`${file}:${index + 1}: ${line.slice(0, 60)}`);
  });
}
if (found.length > 0) {
  console.error(`Merge conflict markers left in the tree:\n${found.join('\n')}`);
  process.exit(1);
}
