import { availableParallelism, loadavg } from 'node:os';
/** A benchmark module: `npm run bench` runs every registered one and prints its figures. */
export interface Benchmark {
  name: string;
  /** What is measured, in a sentence or two. */
  description: string;
  run(): Promise<BenchmarkResult>;
}

export interface BenchmarkResult {
  figures: Figure[];
  /** Lines printed under the figures, e.g. what the plain approach is. */
  notes?: string[];
  /**
   * The work done, for `npm run bench` to print the CPU of the benchmark's processes per unit of
   * it (the cloud and, where they share a process, the load generator together).
   */
  work?: { count: number; unit: string };
}

export interface Figure {
  label: string;
  /** The measured number, in `unit`. */
  value: number;
  unit: string;
  /** Met when value ≤ max (times) or ≥ min (rates). */
  target?: { max: number } | { min: number };
  /** What the figure means, for someone reading the printout. */
  meaning?: string;
  /**
   * A wall-clock figure (a rate, a latency, a time on hand): its target is judged only when the
   * machine left the run alone (`wallClockCaveat`); `npm run bench` checks that for every such
   * figure from the CPU other work used during the benchmark.
   */
  wall?: true;
  /** Why the target was not judged this run (the load, the generator was the limit). */
  notJudged?: string;
}

/** Whether `figure` met its target; undefined without one or when it was not judged. */
export function verdict(figure: Figure): boolean | undefined {
  const target = figure.target;
  if (target === undefined || figure.notJudged !== undefined) return undefined;
  return 'max' in target ? figure.value <= target.max : figure.value >= target.min;
}

const boundOf = (figure: Figure) =>
  figure.target === undefined
    ? ''
    : 'max' in figure.target
      ? `≤ ${figure.target.max}`
      : `≥ ${figure.target.min}`;

export interface Samples {
  median: number;
  p95: number;
  runs: number;
  /** This process's CPU per run, ms (every thread, from getrusage, as /proc counts it). */
  cpuMs?: number;
}

export function summarise(samples: readonly number[]): Samples {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), runs: sorted.length };
}

/** Times `work` `runs` times after `warmup` unrecorded runs; milliseconds, and CPU per run. */
export async function timeRuns(
  work: () => unknown,
  runs: number,
  warmup = Math.ceil(runs / 10),
): Promise<Samples> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return { ...summarise(samples), cpuMs: (used.user + used.system) / 1000 / runs };
}

/** Figures for "ours against the plain approach", timed in the same run. */
export function comparison(what: string, ours: Samples, plain: Samples, maxMs?: number): Figure[] {
  const cpu: Figure[] =
    ours.cpuMs !== undefined && plain.cpuMs !== undefined
      ? [
          {
            label: `${what}: CPU per run`,
            value: ours.cpuMs,
            unit: 'ms',
            ...(maxMs !== undefined ? { target: { max: maxMs } } : {}),
            meaning: 'this process’s CPU over the timed runs, per run: stable under load',
          },
          { label: `${what}, plain approach: CPU per run`, value: plain.cpuMs, unit: 'ms' },
          { label: `${what}: plain / ours (CPU)`, value: plain.cpuMs / ours.cpuMs, unit: '×' },
        ]
      : [];
  return [
    {
      label: `${what}: median`,
      value: ours.median,
      unit: 'ms',
      ...(maxMs !== undefined ? { target: { max: maxMs }, wall: true as const } : {}),
    },
    { label: `${what}: p95`, value: ours.p95, unit: 'ms' },
    { label: `${what}, plain approach: median`, value: plain.median, unit: 'ms' },
    { label: `${what}, plain approach: p95`, value: plain.p95, unit: 'ms' },
    {
      label: `${what}: plain / ours (medians)`,
      value: plain.median / ours.median,
      unit: '×',
    },
    ...cpu,
  ];
}

const format = (value: number) =>
  Math.abs(value) >= 100
    ? value.toFixed(0)
    : Math.abs(value) >= 10
      ? value.toFixed(1)
      : value.toFixed(2);

export function printFigures(figures: readonly Figure[]): boolean {
  let allMet = true;
  const width = Math.max(...figures.map((f) => f.label.length));
  for (const figure of figures) {
    const met = verdict(figure);
    if (met === false) allMet = false;
    const judged =
      figure.notJudged !== undefined ? `not judged (${figure.notJudged})` : met ? 'met' : 'MISSED';
    const said = figure.target ? `  target ${boundOf(figure)} ${figure.unit}: ${judged}` : '';
    console.log(
      `  ${figure.label.padEnd(width)}  ${format(figure.value).padStart(8)} ${figure.unit}${said}`,
    );
    if (figure.meaning) console.log(`  ${' '.repeat(width)}  ↳ ${figure.meaning}`);
  }
  return allMet;
}

/** A target of a run, with the load average while its benchmark ran. */
export interface JudgedRow {
  benchmark: string;
  figure: Figure;
  load: string;
}

/**
 * Every target of a run in one table: benchmark, figure, value, target, verdict (met, MISSED or
 * not judged), and the load average while the benchmark ran.
 */
export function printSummary(rows: readonly JudgedRow[]): void {
  if (rows.length === 0) return;
  const cells = rows.map(({ benchmark, figure, load }) => {
    const met = verdict(figure);
    return [
      benchmark,
      figure.label.trim(),
      `${format(figure.value)} ${figure.unit}`.trim(),
      `${boundOf(figure)} ${figure.unit}`.trim(),
      figure.notJudged !== undefined ? 'not judged' : met ? 'met' : 'MISSED',
      load,
    ];
  });
  const header = ['benchmark', 'figure', 'value', 'target', 'verdict', 'load'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: readonly string[]) =>
    '  ' + row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\nSummary of targets (load average now ${loadNow()})`);
  console.log(line(header));
  for (const row of cells) console.log(line(row));
  const unjudged = rows.filter((row) => row.figure.notJudged !== undefined);
  for (const { benchmark, figure } of unjudged) {
    console.log(`  not judged: ${benchmark}, ${figure.label.trim()}: ${figure.notJudged ?? ''}`);
  }
}

/** Runs one benchmark on its own (`node scripts/bench/<name>.ts`): figures, notes, exit code. */
export async function runStandalone(benchmark: Benchmark): Promise<void> {
  const result = await benchmark.run();
  const met = printFigures(result.figures);
  for (const note of result.notes ?? []) console.log(`  ${note}`);
  if (!met) process.exitCode = 1;
}

/** The 1-minute load average, e.g. "1.4 on 2 cores", for printing beside wall-clock figures. */
export function loadNow(): string {
  return `${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`;
}

/**
 * Other people's work (cores) during a run above which its wall-clock figures (rates, latencies)
 * say more about the machine than about the cloud: half a core of a 2-core machine.
 */
export const OTHERS_MAX_CORES = 0.5;

/**
 * Why a wall-clock figure taken while others used `othersCores` cores means little, or undefined
 * when it means what it says. CPU per unit of work, and ratios measured in the same run, hold
 * either way.
 */
export function wallClockCaveat(othersCores: number): string | undefined {
  if (othersCores <= OTHERS_MAX_CORES) return undefined;
  return (
    `other work kept ${othersCores.toFixed(2)} cores busy during this run (load ${loadNow()}): ` +
    'its wall-clock figures are not judged; CPU per unit of work and the ratios are'
  );
}
