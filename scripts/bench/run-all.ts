import { availableParallelism, loadavg } from 'node:os';
import {
  loadNow,
  printFigures,
  printSummary,
  wallClockCaveat,
  type Benchmark,
  type BenchmarkResult,
  type JudgedRow,
} from './bench.ts';
import { machineBusyMs, treeMs } from '../../server/cluster-harness/cpu-meter.ts';
import { closeLargeCloud } from './large-cloud.ts';
import { groupHistoryBenchmark } from './group-history.ts';
import { channelListingBenchmark } from './channel-listing.ts';
import { ingestionBenchmark } from './ingestion.ts';
import { benchPushDelivery } from './push-delivery.ts';
import { initialJsBenchmark } from './initial-js.ts';
import { channelFilterBenchmark } from './channel-filter.ts';
import { historyMapsBenchmark } from './history-maps.ts';
import { historyWeekBenchmark } from './history-week.ts';
import { historyReportsBenchmark } from './history-reports.ts';
import { fleetMapBenchmark } from './fleet-map.ts';
import { storesBenchmark, storesScalingBenchmark } from './stores.ts';
import { storesIngestBenchmark } from './stores-ingest.ts';
import { liveStreamsBenchmark } from './live-streams.ts';
import { abuseBenchmark } from './abuse.ts';
import { faultsBenchmark } from './faults.ts';
import { upgradeBenchmark } from './upgrade.ts';
import { listingLoadBenchmark } from './listing-load.ts';
import { readWorkersBenchmark } from './read-workers.ts';
import { positionsBenchmark } from './positions.ts';
import { alarmsBenchmark } from './alarms.ts';
import { historyMonthBenchmark } from './history-month.ts';
import { supportBenchmark } from './support.ts';
import { channelReachBenchmark } from './channel-reach.ts';

/** Issue 4's push benchmark prints its own table; its targets join the summary here. */
const pushDeliveryBenchmark: Benchmark = {
  name: 'push-delivery',
  description: '1000 events a second, each pushed at once to a local receiver (issue 4).',
  async run() {
    const { keepAlive, newConnection } = await benchPushDelivery();
    return {
      figures: [
        {
          label: 'events ingested per second while pushing',
          value: keepAlive.ingestedPerSecond,
          unit: '/s',
          target: { min: 950 },
          wall: true,
        },
        {
          label: 'gateway send -> receiver, median',
          value: keepAlive.endToEndP50,
          unit: 'ms',
          target: { max: 50 },
          wall: true,
        },
        {
          label: 'CPU per 1000 events pushed (cloud, generator and receiver: one process)',
          value: keepAlive.cpuMsPer1000,
          unit: 'ms',
        },
        {
          label: 'plain / ours, CPU per 1000 events',
          value: newConnection.cpuMsPer1000 / keepAlive.cpuMsPer1000,
          unit: '×',
        },
        {
          label: 'plain (new connection per delivery) / ours, median',
          value: newConnection.endToEndP50 / keepAlive.endToEndP50,
          unit: '×',
        },
      ],
    };
  },
};

/**
 * Every benchmark of the project. Add yours here: a module exporting a Benchmark (bench.ts).
 * `npm run bench` runs them all; `npm run bench -- <name> …` runs the named ones.
 */
const benchmarks: Benchmark[] = [
  groupHistoryBenchmark,
  channelListingBenchmark,
  ingestionBenchmark,
  pushDeliveryBenchmark,
  initialJsBenchmark,
  channelFilterBenchmark,
  historyMapsBenchmark,
  historyWeekBenchmark,
  historyReportsBenchmark,
  fleetMapBenchmark,
  storesBenchmark,
  storesIngestBenchmark,
  storesScalingBenchmark,
  liveStreamsBenchmark,
  abuseBenchmark,
  faultsBenchmark,
  upgradeBenchmark,
  listingLoadBenchmark,
  readWorkersBenchmark,
  positionsBenchmark,
  alarmsBenchmark,
  historyMonthBenchmark,
  supportBenchmark,
  channelReachBenchmark,
];

/**
 * Runs `benchmark` with the CPU of this process tree (the benchmark's cloud, generator and
 * helpers) and of the whole machine read around it, so that every benchmark prints what it cost
 * and how busy the rest of the machine was; a wall-clock target is not judged when other work
 * kept more than half a core busy (wallClockCaveat).
 */
async function measured(benchmark: Benchmark): Promise<{ result: BenchmarkResult; load: string }> {
  const load = (loadavg()[0] ?? 0).toFixed(1);
  const ours = treeMs();
  const busy = machineBusyMs();
  const started = performance.now();
  const result = await benchmark.run();
  const elapsed = performance.now() - started;
  const oursMs = treeMs() - ours;
  const othersCores = Math.max(0, machineBusyMs() - busy - oursMs) / elapsed;
  const loadAfter = (loadavg()[0] ?? 0).toFixed(1);
  const caveat = wallClockCaveat(othersCores);
  for (const figure of result.figures) {
    if (figure.wall && figure.target && caveat && figure.notJudged === undefined) {
      figure.notJudged = caveat;
    }
  }
  console.log(
    `  [${(elapsed / 1000).toFixed(0)} s; this benchmark's processes ` +
      `${(oursMs / elapsed).toFixed(2)} cores, other work ${othersCores.toFixed(2)} cores; ` +
      `load average ${load} before, ${loadAfter} after]`,
  );
  if (result.work && result.work.count > 0) {
    console.log(
      `  [CPU of this benchmark's processes per ${result.work.unit}: ` +
        `${(oursMs / result.work.count).toFixed(3)} ms, cloud and generator together]`,
    );
  }
  return { result, load: `${load}–${loadAfter}` };
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown benchmark ${unknown.join(', ')}; there are ${benchmarks.map((b) => b.name).join(', ')}`,
    );
  }
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  console.log(`${availableParallelism()} cores; load average ${load} (1, 5, 15 min)`);
  let allMet = true;
  const judged: JudgedRow[] = [];
  try {
    for (const benchmark of benchmarks) {
      if (wanted.length > 0 && !wanted.includes(benchmark.name)) continue;
      console.log(`\n${benchmark.name}: ${benchmark.description}\n  (load average ${loadNow()})`);
      const { result, load } = await measured(benchmark);
      allMet = printFigures(result.figures) && allMet;
      for (const note of result.notes ?? []) console.log(`  ${note}`);
      for (const figure of result.figures) {
        if (figure.target) judged.push({ benchmark: benchmark.name, figure, load });
      }
    }
  } finally {
    await closeLargeCloud();
  }
  printSummary(judged);
  console.log(allMet ? '\nEvery target judged was met.' : '\nSome targets MISSED.');
  process.exitCode = allMet ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
