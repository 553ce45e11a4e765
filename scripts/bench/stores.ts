import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { admin, startCluster } from '../../server/test/postgres-cluster.ts';
import { startCloudCluster } from '../../server/cluster-harness/cluster.ts';
import { type Benchmark, type Figure } from './bench.ts';
import { bearerToken } from './bench-token.ts';
import { largeCloud, largePgCloud } from './large-cloud.ts';
import { capacity, Messages, startServer } from './ingestion.ts';
import { sampleWaits, type Waits } from './pg-waits.ts';
import {
  measureCpu,
  withChildren,
  type CpuGroup,
  type CpuShare,
} from '../../server/cluster-harness/cpu-meter.ts';

const HISTORY_RUNS = 40;
const CLIENTS = 200;
const LOAD_SECONDS = 10;

/** Issue 11's figures: group history and ingestion on both stores, then the balancer. */
async function groupHistory(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const cloud of [await largeCloud(), await largePgCloud()]) {
    const to = Date.now();
    const path = `/v1/channels/${cloud.seed.group.uuid}/history?from=${to - 86_400_000}&to=${to}&count=10000`;
    const { server, cpu } = await cloud.time(path, HISTORY_RUNS);
    figures.push(
      {
        label: `group history 10000 items, ${cloud.store.engine}: server time, median`,
        value: server.median,
        unit: 'ms',
        ...(cloud.store.engine === 'postgres' ? { target: { max: 40 }, wall: true as const } : {}),
      },
      { label: `  ${cloud.store.engine}: server time, p95`, value: server.p95, unit: 'ms' },
      { label: `  ${cloud.store.engine}: main-thread CPU, median`, value: cpu.median, unit: 'ms' },
    );
  }
  return figures;
}

const ROUNDS = 3;
const INGEST_SECONDS = 5;
/** Senders back to back in every ingestion run: with two instances, half go to each. */
const SENDERS = 8;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const spread = (values: number[]) =>
  `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const loadNow = () => loadavg()[0]?.toFixed(1) ?? '?';

/** Where the CPU went, as figures: cores each part kept busy, medians over the rounds. */
function cpuFigures(what: string, runs: CpuShare[][]): Figure[] {
  const names = runs[0]?.map((share) => share.name) ?? [];
  return names.map((name) => ({
    label: `    ${what}, CPU: ${name}`,
    value: median(runs.map((shares) => shares.find((s) => s.name === name)?.cores ?? 0)),
    unit: 'cores',
  }));
}

/**
 * Work done per second of CPU the benchmark's own processes used (instances, PostgreSQL,
 * HAProxy, the load generator), median over the rounds: what a run cost, whatever share of the
 * machine other people's work left it.
 */
function perCpuSecond(rates: number[], runs: CpuShare[][]): number {
  return median(
    rates.map((rate, i) => {
      const ours = (runs[i] ?? [])
        .filter((share) => !share.outside)
        .reduce((sum, share) => sum + share.cores, 0);
      return rate / ours;
    }),
  );
}

/** What PostgreSQL's busy backends did, medians over the rounds (pg-waits.ts). */
function waitFigures(what: string, runs: Waits[]): Figure[] {
  const of = (pick: (w: Waits) => number) => median(runs.map(pick));
  return [
    { label: `    ${what}, backends running a statement`, value: of((w) => w.active), unit: '' },
    { label: `    ${what}, backends waiting for a lock`, value: of((w) => w.lock), unit: '' },
    {
      label: `    ${what}, backends waiting for the cloud's next statement`,
      value: of((w) => w.client),
      unit: '',
    },
  ];
}

async function ingestion(): Promise<Figure[]> {
  const sqlite = await startServer({ INGEST_FLEET: 'large' });
  let sqliteRate = 0;
  try {
    sqliteRate = (await capacity(sqlite.target, new Messages(sqlite.target.nodes), 4, 250, 5)).rate;
  } finally {
    sqlite.child.kill('SIGTERM');
  }
  const cluster = await startCluster(
    process.env.BENCH_PG_PORT ? { port: Number(process.env.BENCH_PG_PORT) + 1 } : {},
  );
  try {
    await admin(cluster.url(), 'CREATE DATABASE ingest');
    const env = {
      DATABASE_URL: cluster.url('ingest'),
      INGEST_FLEET: 'large',
      // One key for both instances of the database, as a cluster has.
      SECRETS_KEY: randomBytes(32).toString('base64'),
    };
    const one = await startServer(env);
    const two = await startServer({ ...env, INGEST_SEED: 'off' });
    try {
      const messages = new Messages(one.target.nodes);
      const second = { ...two.target, gateways: one.target.gateways };
      const both = [one.target, second];
      const groups: CpuGroup[] = [
        { name: 'instance 1', pids: () => [one.child.pid ?? 0] },
        { name: 'instance 2', pids: () => [two.child.pid ?? 0] },
        { name: 'PostgreSQL', pids: () => withChildren(cluster.pid()) },
        { name: 'load generator (this process)', pids: () => [process.pid] },
      ];
      const single = await capacity(one.target, messages, 4, 1, 5);
      // Both instances warm (JIT, prepared statements) before anything is counted.
      await capacity(both, messages, SENDERS, 250, 3);
      const rates = { one: [] as number[], two: [] as number[] };
      const cpu = { one: [] as CpuShare[][], two: [] as CpuShare[][] };
      const waits = { one: [] as Waits[], two: [] as Waits[] };
      const loads: string[] = [];
      // One and two instances by turns, so that what else the machine does falls on both alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of ['one', 'two'] as const) {
          loads.push(loadNow());
          const run = await measureCpu(groups, () =>
            sampleWaits(env.DATABASE_URL, () =>
              capacity(kind === 'one' ? one.target : both, messages, SENDERS, 250, INGEST_SECONDS),
            ),
          );
          rates[kind].push(run.result.result.rate);
          waits[kind].push(run.result.waits);
          cpu[kind].push(run.shares);
        }
      }
      const oneRate = median(rates.one);
      const twoRate = median(rates.two);
      const onePerCpu = perCpuSecond(rates.one, cpu.one);
      const twoPerCpu = perCpuSecond(rates.two, cpu.two);
      return [
        {
          label: 'ingestion, sqlite: 4 gateways, batches of 250',
          value: sqliteRate,
          unit: 'msg/s',
        },
        {
          label: `ingestion, postgres, one instance: ${SENDERS} senders, batches of 250, median`,
          value: oneRate,
          unit: 'msg/s',
          target: { min: 5000 },
          wall: true,
          meaning: `${ROUNDS} runs of ${INGEST_SECONDS} s: ${spread(rates.one)}`,
        },
        ...cpuFigures('one instance', cpu.one),
        { label: '    one instance: messages per CPU second of ours', value: onePerCpu, unit: '' },
        ...waitFigures('one instance', waits.one),
        {
          label: '  postgres, plain approach (one message per request)',
          value: single.rate,
          unit: 'msg/s',
        },
        { label: '  postgres: batched / plain', value: oneRate / single.rate, unit: '×' },
        {
          label: `ingestion, postgres, two instances: ${SENDERS / 2} senders each, median`,
          value: twoRate,
          unit: 'msg/s',
          meaning: `${ROUNDS} runs of ${INGEST_SECONDS} s: ${spread(rates.two)}`,
        },
        ...cpuFigures('two instances', cpu.two),
        { label: '    two instances: messages per CPU second of ours', value: twoPerCpu, unit: '' },
        ...waitFigures('two instances', waits.two),
        {
          label: '  two instances / one',
          value: twoRate / oneRate,
          unit: '×',
          target: { min: 1.5 },
          // A second instance needs a core nobody else uses: a wall-clock ratio.
          wall: true,
          meaning: `load average (1 min) before each run: ${loads.join(', ')}`,
        },
        {
          label: '  two instances / one, per CPU second of ours',
          value: twoPerCpu / onePerCpu,
          unit: '×',
          meaning: 'below 1: a message costs more CPU with two instances than with one',
        },
      ];
    } finally {
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    cluster.stop();
  }
}

/**
 * 200 clients listing channels with bearer tokens on the 7-day demo (never an empty cloud: with
 * no history it lists about a quarter of the channels): one instance, then two behind HAProxy.
 */
async function listings(): Promise<Figure[]> {
  const port = Number(process.env.BENCH_PORT ?? 8530) + 10;
  const cloud = await startCloudCluster({
    port,
    instances: 2,
    env: { SIMULATOR: 'off', DEMO_DAYS: process.env.DEMO_DAYS ?? '7', LOG_LEVEL: 'error' },
    readyTimeoutMs: 600_000,
  });
  try {
    const token = await bearerToken(cloud.url);
    const load = (url: string, seconds = LOAD_SECONDS) =>
      autocannon({
        url: `${url}/v1/channels`,
        connections: CLIENTS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
    const [first, other] = cloud.instances;
    if (!first || !other) throw new Error('two instances expected');
    const groups: CpuGroup[] = [
      { name: 'instance 1', pids: () => [first.process.pid ?? 0] },
      { name: 'instance 2', pids: () => [other.process.pid ?? 0] },
      { name: 'PostgreSQL', pids: () => cloud.pids().postgres },
      { name: 'HAProxy', pids: () => cloud.pids().balancer },
      { name: 'load generator (autocannon, this process)', pids: () => [process.pid] },
    ];
    // Warm-up, not reported: both instances through the balancer, then the first alone.
    await load(cloud.url, 5);
    await load(first.url, 5);
    const runs = { one: [] as autocannon.Result[], two: [] as autocannon.Result[] };
    const cpu = { one: [] as CpuShare[][], two: [] as CpuShare[][] };
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ['one', 'two'] as const) {
        loads.push(loadNow());
        const run = await measureCpu(groups, () => load(kind === 'one' ? first.url : cloud.url));
        runs[kind].push(run.result);
        cpu[kind].push(run.shares);
      }
    }
    const errors = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;
    const p99 = (kind: 'one' | 'two') => runs[kind].map((r) => r.latency.p99);
    const rps = (kind: 'one' | 'two') => runs[kind].map((r) => r.requests.average);
    const oneP99 = median(p99('one'));
    const twoP99 = median(p99('two'));
    const onePerCpu = perCpuSecond(rps('one'), cpu.one);
    const twoPerCpu = perCpuSecond(rps('two'), cpu.two);
    return [
      {
        label: `listing, ${CLIENTS} clients, one instance: req/s, median`,
        value: median(rps('one')),
        unit: '/s',
        meaning: `${ROUNDS} runs of ${LOAD_SECONDS} s: ${spread(rps('one'))}`,
      },
      {
        label: '  one instance: p99, median',
        value: oneP99,
        unit: 'ms',
        meaning: `runs: ${spread(p99('one'))}`,
      },
      {
        label: '  one instance: errors',
        value: runs.one.reduce((sum, r) => sum + errors(r), 0),
        unit: '',
      },
      ...cpuFigures('one instance', cpu.one),
      { label: '    one instance: requests per CPU second of ours', value: onePerCpu, unit: '' },
      {
        label: '  two instances behind HAProxy: req/s, median',
        value: median(rps('two')),
        unit: '/s',
        meaning: `runs: ${spread(rps('two'))}`,
      },
      {
        label: '  two instances: p99, median',
        value: twoP99,
        unit: 'ms',
        meaning: `runs: ${spread(p99('two'))}`,
      },
      {
        label: '  two instances: errors',
        value: runs.two.reduce((sum, r) => sum + errors(r), 0),
        unit: '',
        target: { max: 0 },
      },
      ...cpuFigures('two instances', cpu.two),
      { label: '    two instances: requests per CPU second of ours', value: twoPerCpu, unit: '' },
      {
        label: '  p99 one instance / two',
        value: oneP99 / twoP99,
        unit: '×',
        target: { min: 1.5 },
        wall: true,
        meaning: `load average (1 min) before each run: ${loads.join(', ')}`,
      },
      {
        label: '  two instances / one, requests per CPU second of ours',
        value: twoPerCpu / onePerCpu,
        unit: '×',
        meaning: 'below 1: a request costs more CPU with two instances than with one',
      },
    ];
  } finally {
    await cloud.stop();
  }
}

const sharedCores =
  'Everything (PostgreSQL, the instances, HAProxy, the load generator) shares this ' +
  "machine's cores, as does other people's work: the CPU lines say where each run's time went " +
  '(cores kept busy; "machine total" of 2 means no core was left).';

/** The two scaling figures alone (`npm run bench -- stores-scaling`), a few minutes shorter. */
export const storesScalingBenchmark: Benchmark = {
  name: 'stores-scaling',
  description:
    'Issue 11: ingestion into two PostgreSQL instances against one, and 200 clients listing ' +
    'channels at two instances behind HAProxy against one, with the CPU each part used.',
  async run() {
    return {
      figures: [...(await ingestion()), ...(await listings())],
      notes: [sharedCores],
    };
  },
};

export const storesBenchmark: Benchmark = {
  name: 'stores',
  description:
    'Issue 11: SQLite and PostgreSQL side by side (group history of 10000 items, batched ' +
    'ingestion), two PostgreSQL instances against one, and 200 clients listing channels at one ' +
    'instance and at two behind HAProxy.',
  async run() {
    const figures = [...(await groupHistory()), ...(await ingestion()), ...(await listings())];
    return {
      figures,
      notes: [
        'plain approaches: ingestion one message per request; for two instances, one instance; ' +
          'for the balancer, one instance alone.',
        sharedCores,
      ],
    };
  },
};
