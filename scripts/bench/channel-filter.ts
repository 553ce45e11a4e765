/**
 * Filtering 10000 channels in the channel list (issue 5, "Speed": within one frame, ≤ 16 ms median,
 * in headless Chromium), against the plain approach: a table that renders every matching row.
 *
 * Builds scripts/bench/filter-page with Vite in production mode, serves it on 127.0.0.1, and times
 * each keystroke of a typing sequence from state change to layout, for both tables.
 *
 *   node scripts/bench/channel-filter.ts     (or: npm run bench -- channel-filter)
 *
 * BENCH_PORT (default 8232) is where the page is served on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';
import { comparison, runStandalone, summarise, type Benchmark, type Samples } from './bench.ts';

const BUDGET_MS = 16;
const PORT = Number(process.env.BENCH_PORT ?? 8232);
const root = join(import.meta.dirname, 'filter-page');

// Typing "van 01" then deleting it, then a few other searches: narrowing and widening both count.
const typing = ['v', 'va', 'van', 'van ', 'van 0', 'van 01', 'van 0', 'van ', 'van', 'va', 'v', ''];
const terms = [...typing, ...typing, 'temp', 'gps', 'conn', '', '/t', '', 'van 9', 'van 99', ''];

/** Times every keystroke of `terms`, for the console's table and for the plain one, in ms. */
async function measureChannelFilter(): Promise<{ virtual: Samples; plain: Samples }> {
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
    return { virtual: summarise(results.virtual ?? []), plain: summarise(results.plain ?? []) };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

export const channelFilterBenchmark: Benchmark = {
  name: 'channel-filter',
  description:
    "One keystroke of filtering 10000 channels in the console's virtualized table, from state " +
    'change to layout, in headless Chromium; the plain approach renders every matching row.',
  async run() {
    const { virtual, plain } = await measureChannelFilter();
    return {
      figures: comparison('one keystroke', virtual, plain, BUDGET_MS),
      notes: [`${virtual.runs} keystrokes each (${terms.length} a pass, 3 passes after a warm-up)`],
    };
  },
};

if (import.meta.main) await runStandalone(channelFilterBenchmark);
