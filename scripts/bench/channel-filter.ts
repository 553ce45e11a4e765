/**
 * Filtering 10000 channels in the channel list (issue 5, "Speed": within one frame, ≤ 16 ms median,
 * in headless Chromium), against the plain approach: a table that renders every matching row.
 *
 * Builds scripts/bench/filter-page with Vite in production mode, serves it on 127.0.0.1, and times
 * each keystroke of a typing sequence from state change to layout, for both tables.
 *
 *   node scripts/bench/channel-filter.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';

const BUDGET_MS = 16;
const PORT = Number(process.env.BENCH_PORT ?? 8232);
const root = join(import.meta.dirname, 'filter-page');

// Typing "van 01" then deleting it, then a few other searches: narrowing and widening both count.
const typing = ['v', 'va', 'van', 'van ', 'van 0', 'van 01', 'van 0', 'van ', 'van', 'va', 'v', ''];
const terms = [...typing, ...typing, 'temp', 'gps', 'conn', '', '/t', '', 'van 9', 'van 99', ''];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'filter-bench-'));
  await build({
    root,
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  const server = await preview({
    root,
    logLevel: 'error',
    build: { outDir },
    preview: { port: PORT, host: '127.0.0.1', strictPort: true },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForFunction("'runFilterBench' in window");
    const results: Record<string, number[]> = {};
    for (const mode of ['virtual', 'plain'] as const) {
      const run = async () =>
        (await page.evaluate(
          `window.runFilterBench(${JSON.stringify(mode)}, ${JSON.stringify(terms)})`,
        )) as number[];
      await run(); // warm-up
      const runs: number[] = [];
      for (let pass = 0; pass < 3; pass++) runs.push(...(await run()));
      results[mode] = runs;
    }
    const virtual = results.virtual ?? [];
    const plain = results.plain ?? [];
    const line = (name: string, values: number[]) =>
      `${name.padEnd(28)} median ${median(values).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(2).padStart(7)} ms   (${values.length} keystrokes)`;
    console.log('filtering 10000 channels, one keystroke: state change → render → commit → layout');
    console.log(line('virtualized (console)', virtual));
    console.log(line('plain table (every row)', plain));
    const ratio = median(plain) / Math.max(median(virtual), 0.01);
    console.log(`plain / virtualized median: ${ratio.toFixed(1)}×`);
    const pass = median(virtual) <= BUDGET_MS;
    console.log(`budget ${BUDGET_MS} ms median: ${pass ? 'PASS' : 'FAIL'}`);
    if (!pass) process.exitCode = 1;
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
