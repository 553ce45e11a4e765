import type { CDPSession } from 'playwright-core';

/** One sample of a first frame: wall clock in the page, and main-thread CPU from DevTools. */
export interface FrameSample {
  /** Milliseconds from handing the data over to the painted frame (performance.now()). */
  wall: number;
  /** Main-thread CPU milliseconds spent meanwhile (DevTools' TaskDuration in thread time). */
  cpu: number;
  /** Of `cpu`: JavaScript, and style recalculation plus layout. */
  script: number;
  layout: number;
}

export interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  runs: number;
}

/** Nearest-rank quantiles: with 9 samples p25 is the 3rd, the median the 5th, p75 the 7th. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return {
    median: at(0.5),
    p25: at(0.25),
    p75: at(0.75),
    min: sorted[0] ?? NaN,
    max: sorted.at(-1) ?? NaN,
    runs: sorted.length,
  };
}

const counters = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
type Counters = Record<string, number>;

/**
 * Reads DevTools' main-thread counters of a page. With the `threadTicks` time domain the durations
 * are CPU time of the renderer's main thread: time spent waiting for a core (a shared machine)
 * is not in them, unlike the wall-clock figure.
 */
export async function mainThreadCounters(cdp: CDPSession): Promise<() => Promise<Counters>> {
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const values: Counters = {};
    for (const { name, value } of metrics) if (counters.includes(name)) values[name] = value;
    return values;
  };
}

/** `measure` runs in the page and answers wall milliseconds; the counters are read around it. */
export async function frameSample(
  read: () => Promise<Counters>,
  measure: () => Promise<number>,
): Promise<FrameSample> {
  const before = await read();
  const wall = await measure();
  const after = await read();
  const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    wall,
    cpu: delta('TaskDuration'),
    script: delta('ScriptDuration'),
    layout: delta('LayoutDuration') + delta('RecalcStyleDuration'),
  };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** "p25–p75 a–b, min–max c–d ms" */
export function describeSpread(s: Spread): string {
  return `p25–p75 ${ms(s.p25)}–${ms(s.p75)}, min–max ${ms(s.min)}–${ms(s.max)} ms`;
}
