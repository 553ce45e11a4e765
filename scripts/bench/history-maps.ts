/**
 * Chart and map figures in headless Chromium (issue 6): time to the first frame that shows 10000
 * and 50000 temperature readings, a 10000-point GPS track and 10000 nodes on the fleet map, each
 * next to the same data drawn with plain Recharts / Leaflet defaults in the same run.
 *
 *   node scripts/bench/history-maps.ts      (or: npm run bench -- history-maps)
 */
import { printFigures, type Benchmark, type Figure } from './bench.ts';
import { buildBenchPage, cleanUp, launch, serve } from './bench-page.ts';

/** What history-page/main.tsx puts on the page. */
type Kind = 'chart' | 'track' | 'fleet';
type BenchPage = Record<Kind, (n: number, v: 'ours' | 'plain') => Promise<number>>;

const cases: { label: string; kind: Kind; n: number; budget: number; plain: string }[] = [
  {
    label: 'temperature chart, 10000 points',
    kind: 'chart',
    n: 10_000,
    budget: 40,
    plain: 'Recharts LineChart, default props',
  },
  {
    label: 'temperature chart, 50000 points',
    kind: 'chart',
    n: 50_000,
    budget: 60,
    plain: 'Recharts LineChart, default props',
  },
  {
    label: 'GPS track, 10000 points',
    kind: 'track',
    n: 10_000,
    budget: 30,
    plain: 'L.polyline + L.circleMarker per point (SVG)',
  },
  {
    label: 'fleet map, 10000 nodes',
    kind: 'fleet',
    n: 10_000,
    budget: 200,
    plain: 'L.marker per node',
  },
];

export const historyMapsBenchmark: Benchmark = {
  name: 'history-maps',
  description:
    'Time to the first frame showing the data (headless Chromium, production build of scripts/bench/history-page, ' +
    'one run each after one warm-up), ours against plain Recharts/Leaflet defaults in the same run.',
  async run() {
    const port = Number(process.env.BENCH_PORT ?? 8242);
    const dir = await buildBenchPage();
    const server = await serve(dir, port);
    const browser = await launch();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`http://127.0.0.1:${port}/scripts/bench/history-page/index.html`);
      await page.waitForFunction(() => 'bench' in globalThis);
      const run = (kind: Kind, n: number, variant: 'ours' | 'plain') =>
        page.evaluate(
          ([k, size, v]) => (globalThis as unknown as { bench: BenchPage }).bench[k](size, v),
          [kind, n, variant] as const,
        );
      // One warm-up of each kind loads code and fonts; the measured runs follow, once each.
      for (const kind of ['chart', 'track', 'fleet'] as const) {
        await run(kind, 100, 'ours');
        await run(kind, 100, 'plain');
      }
      const figures: Figure[] = [];
      for (const c of cases) {
        const ours = await run(c.kind, c.n, 'ours');
        const plain = await run(c.kind, c.n, 'plain');
        figures.push(
          { label: c.label, value: ours, unit: 'ms', target: { max: c.budget } },
          { label: `${c.label}, plain (${c.plain})`, value: plain, unit: 'ms' },
          { label: `${c.label}, plain / ours`, value: plain / ours, unit: '×' },
        );
      }
      return {
        figures,
        notes: [
          'First frame = from handing the data to React/Leaflet until the frame that shows it has been painted.',
          'A busy machine inflates every time alike; the plain / ours ratio is the figure that travels.',
        ],
      };
    } finally {
      await browser.close();
      server.close();
      cleanUp(dir);
    }
  },
};

if (import.meta.main) {
  const result = await historyMapsBenchmark.run();
  const met = printFigures(result.figures);
  for (const note of result.notes ?? []) console.log(`  ${note}`);
  process.exitCode = met ? 0 : 1;
}
