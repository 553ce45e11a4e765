/**
 * Chart and map figures in headless Chromium (issue 6): time to the first frame that shows 10000
 * and 50000 temperature readings, a 10000-point GPS track and 10000 nodes on the fleet map, each
 * next to the same data drawn with plain Recharts / Leaflet defaults in the same run.
 *
 *   node scripts/bench/history-maps.ts      (or: npm run bench -- history-maps)
 *   BENCH_SAMPLES=9 BENCH_WARMUP=3          samples per case and variant, warm-ups before them
 */
import type { Browser, Page } from 'playwright-core';
import { runStandalone, type Benchmark, type Figure } from './bench.ts';
import { buildBenchPage, cleanUp, launch, serve } from './bench-page.ts';
import {
  describeSpread,
  frameSample,
  mainThreadCounters,
  spread,
  type FrameSample,
  type Spread,
} from './frame-samples.ts';

type Kind = 'chart' | 'track' | 'fleet';
type Variant = 'ours' | 'plain';

interface Case {
  label: string;
  kind: Kind;
  n: number;
  budget: number;
  plain: string;
  /**
   * The plain variant leaves Chromium's compositor busy for tens of seconds after its frame
   * (10000 Leaflet markers are 20000 composited layers: about 45 s of tile management here), which
   * would land in the next sample. Each of its samples then gets a page of its own, closed
   * afterwards, and its warm-ups draw into a hidden map (the same script, nothing composited).
   */
  isolatePlain?: boolean;
}

const cases: Case[] = [
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
    isolatePlain: true,
  },
];

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 9);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/** What the page's `bench` (history-page/main.tsx) offers. */
interface BenchPage {
  prepare(kind: Kind, n: number, variant: Variant, hidden: boolean): Promise<void>;
  measure(): Promise<number>;
}

/**
 * `warmups` unrecorded runs and `samples` recorded ones of a case in a page of a fresh browser
 * context (its own renderer process), which is closed afterwards with whatever work it left.
 */
async function samplesInFreshPage(
  browser: Browser,
  url: string,
  c: Case,
  variant: Variant,
  warmups: { count: number; hidden: boolean },
  samples: number,
): Promise<FrameSample[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page: Page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in globalThis);
    const read = await mainThreadCounters(await context.newCDPSession(page));
    const prepare = (hidden: boolean) =>
      page.evaluate(
        ([k, n, v, h]) => (globalThis as unknown as { bench: BenchPage }).bench.prepare(k, n, v, h),
        [c.kind, c.n, variant, hidden] as const,
      );
    const measure = () =>
      page.evaluate(() => (globalThis as unknown as { bench: BenchPage }).bench.measure());
    for (let i = 0; i < warmups.count; i++) {
      await prepare(warmups.hidden);
      await measure();
    }
    const recorded: FrameSample[] = [];
    for (let i = 0; i < samples; i++) {
      await prepare(false);
      recorded.push(await frameSample(read, measure));
    }
    return recorded;
  } finally {
    await context.close();
  }
}

async function samplesOf(
  browser: Browser,
  url: string,
  c: Case,
  variant: Variant,
): Promise<FrameSample[]> {
  if (variant === 'ours' || !c.isolatePlain) {
    return samplesInFreshPage(browser, url, c, variant, { count: WARMUP, hidden: false }, SAMPLES);
  }
  const recorded: FrameSample[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const warmups = { count: WARMUP, hidden: true };
    recorded.push(...(await samplesInFreshPage(browser, url, c, variant, warmups, 1)));
  }
  return recorded;
}

function figuresOf(
  label: string,
  samples: readonly FrameSample[],
  budget: number | undefined,
): { figures: Figure[]; wall: Spread; cpu: Spread } {
  const wall = spread(samples.map((s) => s.wall));
  const cpu = spread(samples.map((s) => s.cpu));
  const script = spread(samples.map((s) => s.script)).median.toFixed(1);
  const layout = spread(samples.map((s) => s.layout)).median.toFixed(1);
  return {
    wall,
    cpu,
    figures: [
      {
        label: `${label}: first frame (wall), median`,
        value: wall.median,
        unit: 'ms',
        ...(budget === undefined ? {} : { target: { max: budget } }),
        meaning: `${describeSpread(wall)}; ${wall.runs} samples`,
      },
      {
        label: `${label}: main-thread CPU, median`,
        value: cpu.median,
        unit: 'ms',
        meaning: `${describeSpread(cpu)}; of which script ${script}, style + layout ${layout} ms (medians)`,
      },
    ],
  };
}

export const historyMapsBenchmark: Benchmark = {
  name: 'history-maps',
  description:
    'Time to the first frame showing the data (headless Chromium, production build of scripts/bench/history-page), ' +
    `${SAMPLES} samples per case after ${WARMUP} warm-ups of that same case, ours against plain ` +
    'Recharts/Leaflet defaults in the same run.',
  async run() {
    const port = Number(process.env.BENCH_PORT ?? 8242);
    const url = `http://127.0.0.1:${port}/scripts/bench/history-page/index.html`;
    const dir = await buildBenchPage();
    const server = await serve(dir, port);
    const browser = await launch();
    try {
      const figures: Figure[] = [];
      for (const c of cases) {
        // Each variant in a renderer of its own: run in one page, alternating, what one leaves
        // behind (teardown, raster, compositor work) was timed with the other.
        const ours = figuresOf(c.label, await samplesOf(browser, url, c, 'ours'), c.budget);
        const plainSamples = await samplesOf(browser, url, c, 'plain');
        const plain = figuresOf(`${c.label}, plain (${c.plain})`, plainSamples, undefined);
        figures.push(...ours.figures, ...plain.figures, {
          label: `${c.label}: plain / ours (medians: wall, CPU)`,
          value: plain.wall.median / ours.wall.median,
          unit: '×',
          meaning: `CPU: ${(plain.cpu.median / ours.cpu.median).toFixed(1)} ×`,
        });
      }
      return {
        figures,
        notes: [
          'First frame (wall) = performance.now() from handing the data to React/Leaflet until the first task after',
          'the frame that shows it was painted by the main thread; targets are judged on its median. It includes',
          'waiting for the next frame (up to 16.7 ms at 60 Hz) and, on a shared machine, waiting for a core.',
          "Main-thread CPU = DevTools' TaskDuration of the page's main thread in thread time over the same interval",
          '(Performance.getMetrics): the work itself, without the waiting. Raster and compositing run on other threads.',
          'Plain fleet: each sample in a page of its own (its compositor is busy for ~45 s after 10000 markers).',
        ],
      };
    } finally {
      await browser.close();
      server.close();
      cleanUp(dir);
    }
  },
};

if (import.meta.main) await runStandalone(historyMapsBenchmark);
