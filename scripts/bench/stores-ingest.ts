import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, startCluster } from '../../server/test/postgres-cluster.ts';
import type { Benchmark, Figure } from './bench.ts';
import { measureCpu, withChildren, type CpuGroup } from '../../server/cluster-harness/cpu-meter.ts';
import { capacity, Messages, startServer, type Target } from './ingestion.ts';

const ROUNDS = 3;
const SECONDS = 5;
const SENDERS = 4;
const BATCH = 250;
/** Reads of the group's day in each round, one after another. */
const READS = 20;
const DAY_MS = 86_400_000;
const basic = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const loadNow = () => loadavg()[0]?.toFixed(1) ?? '?';

interface Tree {
  name: string;
  /** The ingest-server.ts that tree's store is run by. */
  script: string;
}

/**
 * This tree, and the tree BENCH_BASELINE names (e.g. main, exported with `git archive`, with
 * node_modules beside it and this tree's scripts/bench/ingest-server.ts copied in, so that both
 * seed the same fleet): "old" and "new" store code ingesting the same messages.
 */
function trees(): Tree[] {
  const here = fileURLToPath(new URL('./ingest-server.ts', import.meta.url));
  const list: Tree[] = [{ name: 'this tree', script: here }];
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) {
    const script = join(resolve(baseline), 'scripts/bench/ingest-server.ts');
    if (!existsSync(script)) throw new Error(`BENCH_BASELINE has no ${script}`);
    list.unshift({ name: 'baseline', script });
  }
  return list;
}

/**
 * `runs` reads of the large fleet's group over the day before `to` (10000 items, the list as any
 * client gets it, uncompressed: both trees do the same work), one after another; the size of
 * the last answer.
 */
async function readDay(target: Target, to: number, runs: number): Promise<number> {
  if (!target.group) throw new Error('the ingestion server seeded no group (INGEST_FLEET=large)');
  const path = `/v1/channels/${target.group}/history?from=${to - DAY_MS}&to=${to}&count=10000`;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const response = await fetch(target.url + path, {
      headers: { authorization: basic, 'accept-encoding': 'identity' },
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    bytes = (await response.arrayBuffer()).byteLength;
  }
  return bytes;
}

/** The ratio figure of two trees (baseline first): the baseline's CPU per unit over this tree's. */
function ratio(label: string, perUnit: number[][], min: number, meaning: string): Figure {
  return {
    label,
    value: median(perUnit[0] ?? []) / median(perUnit[1] ?? []),
    unit: '×',
    target: { min },
    meaning,
  };
}

/**
 * Each tree's server on the large fleet, by turns over ROUNDS rounds so that what else the
 * machine does falls on all alike, and the CPU the cloud's process (and, on PostgreSQL, the
 * cluster's backends) spent: first per read of the group's day, then per message accepted from
 * closed-loop senders. The load generator is this process and is not counted.
 */
async function engine(engineName: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const list = trees();
  const cluster = engineName === 'postgres' ? await startCluster() : undefined;
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const [i, tree] of list.entries()) {
      const env: Record<string, string> = { INGEST_FLEET: 'large' };
      if (cluster) {
        await admin(cluster.url(), `CREATE DATABASE ingest_${i}`);
        env.DATABASE_URL = cluster.url(`ingest_${i}`);
      }
      servers.push(await startServer(env, tree.script));
    }
    const perMessage = list.map(() => [] as number[]);
    const rates = list.map(() => [] as number[]);
    const loads: string[] = [];
    const messages = servers.map((server) => new Messages(server.target.nodes));
    // Warm (JIT, prepared statements) before anything is counted.
    for (const [i, server] of servers.entries()) {
      await capacity(server.target, messages[i] ?? new Messages(1), SENDERS, BATCH, 2);
    }
    const groupsOf = (server: (typeof servers)[number]) => {
      const groups: CpuGroup[] = [{ name: 'cloud', pids: () => [server.child.pid ?? 0] }];
      if (cluster) groups.push({ name: 'PostgreSQL', pids: () => withChildren(cluster.pid()) });
      return groups;
    };
    const cpuMsOf = (run: Awaited<ReturnType<typeof measureCpu>>) =>
      run.shares
        .filter((share) => !share.outside)
        .reduce((sum, share) => sum + share.cores * run.elapsedMs, 0);
    // The same instant for every tree: each answers the newest 10000 items before it.
    const to = Date.now();
    const perRead = list.map(() => [] as number[]);
    const bytes = list.map(() => 0);
    const readLoads: string[] = [];
    for (const server of servers) await readDay(server.target, to, 2);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries()) {
        readLoads.push(loadNow());
        const run = await measureCpu(groupsOf(server), () => readDay(server.target, to, READS));
        perRead[i]?.push(cpuMsOf(run) / READS);
        bytes[i] = run.result;
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, server] of servers.entries()) {
        const groups = groupsOf(server);
        loads.push(loadNow());
        const feed = messages[i] ?? new Messages(server.target.nodes);
        const run = await measureCpu(groups, () =>
          capacity(server.target, feed, SENDERS, BATCH, SECONDS),
        );
        const cpuMs = cpuMsOf(run);
        const accepted = (run.result.rate * run.elapsedMs) / 1000;
        perMessage[i]?.push((cpuMs * 1000) / accepted);
        rates[i]?.push(run.result.rate);
      }
    }
    const figures: Figure[] = list.flatMap((tree, i) => [
      {
        label: `group history, a day of 10000 items, ${engineName}, ${tree.name}: CPU per read, median`,
        value: median(perRead[i] ?? []),
        unit: 'ms',
        meaning: `cloud process${cluster ? ' + PostgreSQL' : ''}; ${ROUNDS} runs of ${READS} reads; answers of ${Math.round((bytes[i] ?? 0) / 1024)} KB`,
      },
      {
        label: `ingestion on the large fleet, ${engineName}, ${tree.name}: CPU per message, median`,
        value: median(perMessage[i] ?? []),
        unit: 'µs',
        meaning: `cloud process${cluster ? ' + PostgreSQL' : ''}; ${ROUNDS} runs of ${SECONDS} s`,
      },
      {
        label: `  ${engineName}, ${tree.name}: throughput, median`,
        value: median(rates[i] ?? []),
        unit: 'msg/s',
      },
    ]);
    const readLoad = `load average (1 min) before each run of reads: ${readLoads.join(', ')}`;
    const load = `load average (1 min) before each run: ${loads.join(', ')}`;
    if (list.length === 2) {
      // Baseline first: its CPU per unit over this tree's = this tree's speed.
      figures.push(
        ratio(
          `  ${engineName}: reads per CPU second, this tree / baseline`,
          perRead,
          0.9,
          readLoad,
        ),
        ratio(
          `  ${engineName}: messages per CPU second, this tree / baseline`,
          perMessage,
          0.94,
          load,
        ),
      );
    } else {
      const last = figures[figures.length - 1];
      if (last) last.meaning = `${readLoad}; ${load}`;
    }
    return figures;
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1_000));
    cluster?.stop();
  }
}

export const storesIngestBenchmark: Benchmark = {
  name: 'stores-ingest',
  description:
    "Issue 18: reads of a group's day and ingestion, on a cloud holding the large fleet (npm run " +
    'seed:large), SQLite and PostgreSQL, CPU per read and per message of the cloud (and ' +
    'PostgreSQL), this tree against BENCH_BASELINE when set, by turns in one run.',
  async run() {
    return { figures: [...(await engine('sqlite')), ...(await engine('postgres'))] };
  },
};
