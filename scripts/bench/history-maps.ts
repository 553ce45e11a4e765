// Chart and map figures in headless Chromium: time to the first frame that shows 10000 and 50000
// temperature readings, a 10000-point GPS track and 10000 nodes on the fleet map, each next to the
// same data drawn with plain Recharts / Leaflet defaults in the same run. `node scripts/bench/history-maps.ts`
import { buildBenchPage, cleanUp, launch, printRows, serve, type Row } from './bench-page.ts';

/** What src/bench/main.tsx puts on the page. */
type BenchPage = Record<
  'chart' | 'track' | 'fleet',
  (n: number, v: 'ours' | 'plain') => Promise<number>
>;

const port = Number(process.env.BENCH_PORT ?? 8242);
const dir = await buildBenchPage();
const server = await serve(dir, port);
const browser = await launch();
let ok = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/src/bench/index.html`);
  await page.waitForFunction(() => 'bench' in globalThis);
  const run = (kind: 'chart' | 'track' | 'fleet', n: number, variant: 'ours' | 'plain') =>
    page.evaluate(
      ([k, size, v]) => (globalThis as unknown as { bench: BenchPage }).bench[k](size, v),
      [kind, n, variant] as const,
    );
  // One warm-up of each kind loads code and fonts; the measured runs follow, once each.
  for (const kind of ['chart', 'track', 'fleet'] as const) {
    await run(kind, 100, 'ours');
    await run(kind, 100, 'plain');
  }
  const rows: Row[] = [];
  const measure = async (
    name: string,
    kind: 'chart' | 'track' | 'fleet',
    n: number,
    budget: number,
  ) => {
    const ours = await run(kind, n, 'ours');
    const plain = await run(kind, n, 'plain');
    rows.push({ case: name, ours, plain, budget });
  };
  await measure('temperature chart, 10000 points', 'chart', 10_000, 40);
  await measure('temperature chart, 50000 points', 'chart', 50_000, 60);
  await measure('GPS track, 10000 points', 'track', 10_000, 30);
  await measure('fleet map, 10000 nodes', 'fleet', 10_000, 200);
  ok = printRows('History and maps: time to first frame (headless Chromium, one run)', rows);
} finally {
  await browser.close();
  server.close();
  cleanUp(dir);
}
process.exitCode = ok ? 0 : 1;
