/**
 * Initial JavaScript of the console's first page, gzip-compressed (issue 5, "Speed": ≤ 160 KB).
 *
 * Builds the console (unless --no-build), then walks Vite's manifest: the entry and every chunk it
 * imports statically are what a browser must fetch before the first page can paint. Also prints
 * what each page adds on top when it is first opened, and the chunks loaded on demand at start
 * (the OIDC library for `authMode: "oidc"`, the contract's validators with the first request).
 *
 *   node scripts/bench/initial-js.ts [--no-build]
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 160;
const dist = join(import.meta.dirname, '..', '..', 'dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function staticClosure(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

function gzipKb(manifest: Manifest, keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk === undefined || !chunk.file.endsWith('.js')) continue;
    bytes += gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

function main(): void {
  if (!process.argv.includes('--no-build')) {
    execSync('npx vite build --logLevel error', { stdio: 'inherit' });
  }
  const manifest = JSON.parse(
    readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry === undefined) throw new Error('no entry in the manifest');
  const initial = staticClosure(manifest, entry);
  const initialKb = gzipKb(manifest, initial);

  const rows: [string, number][] = [];
  const lazy = (manifest[entry]?.dynamicImports ?? []).flatMap((key) => {
    const closure = staticClosure(manifest, key);
    const extra = [...closure].filter((k) => !initial.has(k));
    return [[manifest[key]?.src ?? key, gzipKb(manifest, extra)] as [string, number]];
  });
  // Route modules are imported by the route table, which lives in the entry's graph.
  for (const key of initial) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      const extra = [...staticClosure(manifest, dynamic)].filter((k) => !initial.has(k));
      rows.push([manifest[dynamic]?.src ?? dynamic, gzipKb(manifest, extra)]);
    }
  }
  const unique = new Map([...lazy, ...rows]);

  console.log(
    `initial JavaScript (entry + static imports, ${initial.size} chunks): ${initialKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${initialKb <= BUDGET_KB ? 'PASS' : 'FAIL'}`,
  );
  console.log('loaded on demand, gzip KB on top of the initial JavaScript:');
  for (const [name, kb] of [...unique].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(`  ${kb.toFixed(1).padStart(6)}  ${name}`);
  }
  if (initialKb > BUDGET_KB) process.exitCode = 1;
}

main();
