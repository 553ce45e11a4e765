/**
 * Initial JavaScript of the console's first page, gzip-compressed (issue 5, "Speed": ≤ 160 KB).
 *
 * Builds the console (unless --no-build), then walks Vite's manifest: the entry and every chunk it
 * imports statically are what a browser must fetch before the first page can paint. Also prints
 * what each page adds on top when it is first opened, and the chunks loaded on demand at start
 * (the OIDC library for `authMode: "oidc"`, the contract's validators with the first request).
 *
 *   node scripts/bench/initial-js.ts [--no-build]     (or: npm run bench -- initial-js)
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { runStandalone, type Benchmark } from './bench.ts';

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

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
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

/**
 * Where a signed-in person lands, and the modules every signed-in page loads besides: the
 * English catalogue's whole too (the shell waits for it, decision 0168; a Dutch reader loads
 * Dutch instead, about as large).
 */
const SIGNED_IN = [
  'src/app/shell/shell.tsx',
  'src/api/schemas.ts',
  'src/config/config-schema.ts',
  'src/i18n/messages/en.ts',
];
const PAGES = {
  Fleet: 'src/app/routes/fleet-page.tsx',
  'a channel’s history': 'src/app/routes/channel-history-page.tsx',
};

/** Bytes a browser transfers for a file: its .br when the build wrote one (precompress.ts). */
function transferBytes(file: string): number {
  const path = join(dist, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  // Under 1 KB the build writes no .br and the file goes out as it is; a build without the
  // plugin (an older dist) is counted as if it had one.
  const raw = readFileSync(path);
  return raw.length < 1024 ? raw.length : brotliCompressSync(raw).length;
}

/**
 * KB (brotli, as sent) of every JS and CSS file a signed-in person's browser loads to show `page`:
 * index.html, the entry and its imports, the shell, the contract's validators, the configuration
 * schema, the page's module and everything they import statically. Map tiles and API answers are
 * not counted; neither is the offline basemap, fetched only when tiles fail.
 */
export function pageSetKb(manifest: Manifest, page: string): number {
  const keys = new Set<string>();
  for (const root of [
    ...Object.keys(manifest).filter((k) => manifest[k]?.isEntry),
    ...SIGNED_IN,
    page,
  ]) {
    if (manifest[root] !== undefined) staticClosure(manifest, root, keys);
  }
  const files = new Set<string>(['index.html']);
  for (const key of keys) {
    const chunk = manifest[key] as (ManifestChunk & { css?: string[] }) | undefined;
    if (chunk === undefined) continue;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  let bytes = 0;
  for (const file of files) bytes += transferBytes(file);
  return bytes / 1024;
}

export interface InitialJs {
  /** gzip KB of the entry and every chunk it imports statically. */
  initialKb: number;
  chunks: number;
  /** gzip KB each chunk loaded on demand adds on top, by source module. */
  onDemand: [string, number][];
  /** pageSetKb of each page in PAGES. */
  pages: [string, number][];
  /** KB a repeat visit transfers: the shell (no-cache); hashed assets are kept a year. */
  repeatKb: number;
  /** KB as sent of the offline basemap at each detail, when tiles fail (offline-basemap.tsx). */
  basemaps: [string, number][];
}

/** The offline basemap's files in the build: Natural Earth `countries-<scale>-<hash>.json`. */
function basemapKb(): [string, number][] {
  const assets = join(dist, 'assets');
  const found: [string, number][] = [];
  for (const scale of ['110m', '50m']) {
    const file = readdirSync(assets).find((name) =>
      new RegExp(`^countries-${scale}-[\\w-]+\\.json$`).test(name),
    );
    if (file) found.push([scale, transferBytes(join('assets', file)) / 1024]);
  }
  return found;
}

function measureInitialJs({ build = true } = {}): InitialJs {
  if (build) execSync('npx vite build --logLevel error', { stdio: 'inherit' });
  const manifest = JSON.parse(
    readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry === undefined) throw new Error('no entry in the manifest');
  const initial = staticClosure(manifest, entry);

  const onDemand = new Map<string, number>();
  // Route modules are imported by the route table, which lives in the entry's graph.
  for (const key of initial) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      const extra = [...staticClosure(manifest, dynamic)].filter((k) => !initial.has(k));
      onDemand.set(manifest[dynamic]?.src ?? dynamic, gzipKb(manifest, extra));
    }
  }
  return {
    initialKb: gzipKb(manifest, initial),
    chunks: initial.size,
    onDemand: [...onDemand].sort((a, b) => a[0].localeCompare(b[0])),
    pages: Object.entries(PAGES).map(([name, page]) => [name, pageSetKb(manifest, page)]),
    repeatKb: transferBytes('index.html') / 1024,
    basemaps: basemapKb(),
  };
}

export const initialJsBenchmark: Benchmark = {
  name: 'initial-js',
  description:
    "The console's first page: gzip size of the JavaScript a browser must fetch before it " +
    'paints (the entry and its static imports), after a production build (issue 5).',
  async run() {
    const result = measureInitialJs({ build: !process.argv.includes('--no-build') });
    const oidc = result.onDemand.find(([name]) => name.includes('oidc-client-ts'));
    return {
      figures: [
        {
          label: `initial JavaScript (${result.chunks} chunks), gzip`,
          value: result.initialKb,
          unit: 'KB',
          target: { max: BUDGET_KB },
        },
        ...result.pages.map(([name, kb]) => ({
          label: `${name}: JS and CSS a signed-in person loads, brotli`,
          value: kb,
          unit: 'KB',
          target: { max: 350 },
          meaning:
            'as sent (the build’s .br files); API answers, tiles and the offline map not counted',
        })),
        {
          label: 'repeat visit: JS, CSS and shell transferred',
          value: result.repeatKb,
          unit: 'KB',
          target: { max: 5 },
          meaning:
            'hashed assets are cached for a year (immutable); only index.html is asked again (no-cache)',
        },
        ...result.basemaps.map(([scale, kb]) => ({
          label: `offline basemap at 1:${scale}, brotli`,
          value: kb,
          unit: 'KB',
          meaning:
            scale === '110m'
              ? 'fetched only when tiles fail, for a map below zoom 5'
              : 'fetched only when tiles fail, for a map at zoom 5 or more',
        })),
        ...(oidc
          ? [
              {
                label: 'OIDC library, loaded when a session is used',
                value: oidc[1],
                unit: 'KB',
                meaning: 'on top of the initial JavaScript, never before the first paint',
              },
            ]
          : []),
      ],
      notes: [
        'loaded on demand, gzip KB on top of the initial JavaScript:',
        ...result.onDemand.map(([name, kb]) => `  ${kb.toFixed(1).padStart(6)}  ${name}`),
      ],
    };
  },
};

if (import.meta.main) await runStandalone(initialJsBenchmark);
