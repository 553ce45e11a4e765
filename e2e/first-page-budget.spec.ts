import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * Issue 5's budget for the first page, in CI (issue 33, decision 0168): the entry and its static
 * imports as Chromium fetched them for the sign-in page, gzip-compressed as `npm run bench --
 * initial-js` counts them, at most 160 KB; and the whole English catalogue, which the signed-in
 * console loads, not fetched for it. Besides the entry the sign-in page fetches the
 * configuration's validator (zod, awaited before the first render) and Mantine's notifications
 * (rendered lazily, not awaited); the bench reports both beside the budget.
 */
const BUDGET_KB = 160;
const dist = join(import.meta.dirname, '..', 'dist');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function closure(manifest: Record<string, Chunk>, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (chunk === undefined || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const next of chunk.imports ?? []) closure(manifest, next, into);
  return into;
}

const gzipKb = (paths: Iterable<string>) => {
  let bytes = 0;
  for (const path of paths) bytes += gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
  return bytes / 1024;
};

test('the sign-in page paints within the first page’s 160 KB of JavaScript (gzip)', async ({
  page,
}) => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  const entry = closure(manifest, entryKey);
  const english = manifest['src/i18n/messages/en.ts']?.file ?? 'en.ts not in the build';

  const fetched = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.add(new URL(request.url()).pathname);
  });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Telemetry Console', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  expect([...entry].filter((path) => !fetched.has(path))).toEqual([]);
  expect(fetched).not.toContain(`/${english}`);
  const entryKb = gzipKb(entry);
  test.info().annotations.push(
    { type: 'entry, gzip KB', description: entryKb.toFixed(1) },
    {
      type: 'all fetched for the sign-in page, gzip KB',
      description: gzipKb(fetched).toFixed(1),
    },
  );
  expect(entryKb).toBeLessThanOrEqual(BUDGET_KB);
});
