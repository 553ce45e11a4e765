import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { READ_WORKER_THREAD } from '../../server/store/sqlite/read-workers.ts';
import { machineBusyMs, processMs } from '../../server/cluster-harness/cpu-meter.ts';
import { loadNow, runStandalone, wallClockCaveat, type Benchmark, type Figure } from './bench.ts';
import { bearerToken } from './bench-token.ts';

/**
 * Issue 20 item 2: SQLite's slow reads on worker threads (docs/decisions/0106-sqlite-reads-on-
 * workers.md), against the same reads on the event loop, in one run. Each side is a cloud in a
 * process of its own (read-workers-server.ts) over the same database file, one after the other:
 * the channel listing of the 7-day demo (admin, bearer) one request at a time and from 200
 * connections, and `/v1/positions` of the large fleet's 10,001 nodes one at a time and from 4
 * connections while a probe asks `/livez` (what every other request waits meanwhile). CPU per
 * request is read from /proc per thread: the main thread (the event loop), the read workers
 * (threads named READ_WORKER_THREAD), the whole process.
 */
const WORKERS = Number(process.env.READ_WORKERS_BENCH ?? 2);
const CONNECTIONS = Number(process.env.LISTING_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.READ_WORKERS_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const SEQUENTIAL_LISTINGS = 200;
const SEQUENTIAL_POSITIONS = 20;
const POSITION_CONNECTIONS = 4;
const TICK_MS = 10;

/** CPU ms so far of a process: its main thread, its read workers, all of it. */
function threadsMs(pid: number): { main: number; workers: number; total: number } {
  let workers = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const comm = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      if (comm !== READ_WORKER_THREAD) continue;
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      workers += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    }
  } catch {
    // a worker ended meanwhile: counted up to its last reading
  }
  return { main: processMs(pid, true), workers, total: processMs(pid) };
}

interface Cost {
  /** CPU ms per request: main thread, read workers, whole process. */
  main: number;
  workers: number;
  total: number;
  /** Cores other work kept busy meanwhile. */
  others: number;
  wallMs: number;
}

async function measure<T>(pid: number, requests: () => number, work: () => Promise<T>) {
  const before = threadsMs(pid);
  const busyBefore = machineBusyMs();
  const generatorBefore = processMs(process.pid);
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const after = threadsMs(pid);
  const ours = after.total - before.total + processMs(process.pid) - generatorBefore;
  const n = Math.max(1, requests());
  const cost: Cost = {
    main: (after.main - before.main) / n,
    workers: (after.workers - before.workers) / n,
    total: (after.total - before.total) / n,
    others: Math.max(0, machineBusyMs() - busyBefore - ours) / wallMs,
    wallMs,
  };
  return { result, cost };
}

interface Cloud {
  child: ChildProcess;
  url: string;
  pid: number;
}

async function startCloud(dataDir: string, workers: number, seed: string): Promise<Cloud> {
  const child = spawn(process.execPath, ['scripts/bench/read-workers-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, DATA_DIR: dataDir, READ_WORKERS: String(workers), SEED: seed },
  });
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the cloud did not start in 10 min')), 600_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`read-workers-server exited with ${code}`)));
  });
  return { child, url: (JSON.parse(first) as { url: string }).url, pid: child.pid ?? 0 };
}

async function stopCloud(cloud: Cloud): Promise<void> {
  const ended = new Promise((resolve) => cloud.child.once('exit', resolve));
  cloud.child.kill('SIGTERM');
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

/** Requests the cloud answered so far (clients under load give up on some it still answers). */
function answered(cloud: Cloud): Promise<number> {
  return new Promise((resolve) => {
    cloud.child.once('message', (count) => resolve((count as { answered: number }).answered));
    cloud.child.send('count');
  });
}

interface Side {
  workers: number;
  listingOne: Cost;
  listingLoad: Cost & { result: autocannon.Result; load: string };
  positionsOne: Cost & { medianMs: number; nodes: number };
  positionsLoad: Cost & { result: autocannon.Result; livez: autocannon.Result; load: string };
}

async function sequential(cloud: Cloud, url: string, token: string, runs: number) {
  const get = async () => {
    const answer = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    return answer.text();
  };
  for (let i = 0; i < 3; i++) await get();
  const times: number[] = [];
  let body = '';
  const { cost } = await measure(
    cloud.pid,
    () => runs,
    async () => {
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        body = await get();
        times.push(performance.now() - t0);
      }
    },
  );
  times.sort((a, b) => a - b);
  return { cost, medianMs: times[Math.floor(times.length / 2)] ?? NaN, body };
}

/**
 * `load` measured; CPU per request over the requests the cloud answered (clients give up on some
 * it still answers), or over those `counted` says (a run with a probe beside it).
 */
async function underLoad(
  cloud: Cloud,
  load: () => Promise<autocannon.Result>,
  counted?: (result: autocannon.Result) => number,
) {
  const before = await answered(cloud);
  let after = before;
  let done: autocannon.Result | undefined;
  const loadBefore = loadNow();
  const { result, cost } = await measure(
    cloud.pid,
    () => (counted && done ? counted(done) : after - before),
    async () => {
      done = await load();
      after = await answered(cloud);
      return done;
    },
  );
  return { ...cost, result, load: loadBefore };
}

async function listingSide(dataDir: string, workers: number) {
  const cloud = await startCloud(dataDir, workers, 'demo');
  try {
    const token = await bearerToken(cloud.url);
    const url = `${cloud.url}/v1/channels`;
    const one = await sequential(cloud, url, token, SEQUENTIAL_LISTINGS);
    const load = (seconds: number, connections: number) =>
      autocannon({
        url,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
    await load(WARMUP_SECONDS, CONNECTIONS);
    const listingLoad = await underLoad(cloud, () => load(SECONDS, CONNECTIONS));
    const channels = (JSON.parse(one.body) as unknown[]).length;
    return { listingOne: one.cost, listingLoad, channels, bytes: one.body.length };
  } finally {
    await stopCloud(cloud);
  }
}

async function positionsSide(dataDir: string, workers: number) {
  const cloud = await startCloud(dataDir, workers, 'large');
  try {
    const token = await bearerToken(cloud.url);
    const url = `${cloud.url}/v1/positions`;
    const one = await sequential(cloud, url, token, SEQUENTIAL_POSITIONS);
    const nodes = (JSON.parse(one.body) as { nodes: unknown[] }).nodes.length;
    const positions = (seconds: number) =>
      autocannon({
        url,
        connections: POSITION_CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
    await positions(WARMUP_SECONDS);
    let livez: autocannon.Result | undefined;
    const positionsLoad = await underLoad(
      cloud,
      async () => {
        const probe = autocannon({ url: `${cloud.url}/livez`, connections: 1, duration: SECONDS });
        const result = await positions(SECONDS);
        livez = await probe;
        return result;
      },
      (result) => result.requests.total,
    );
    if (livez === undefined) throw new Error('no probe result');
    return {
      positionsOne: { ...one.cost, medianMs: one.medianMs, nodes },
      positionsLoad: { ...positionsLoad, livez },
    };
  } finally {
    await stopCloud(cloud);
  }
}

// autocannon counts timeouts among its errors.
const failures = (result: autocannon.Result) => result.errors + result.non2xx;
const failed = (result: autocannon.Result) =>
  `${result.errors} errors (${result.timeouts} of them timeouts), ${result.non2xx} non-2xx`;

function sideFigures(side: Side, judged: boolean): Figure[] {
  const name = side.workers === 0 ? 'event loop' : `${side.workers} read workers`;
  const cpu = (what: string, cost: Cost, max?: number): Figure[] => [
    {
      label: `${name}: ${what}: CPU per request, main thread`,
      value: cost.main,
      unit: 'ms',
      ...(max !== undefined && judged ? { target: { max } } : {}),
      meaning: 'the event loop’s share: what every other request waits behind',
    },
    { label: `${name}: ${what}: CPU per request, read workers`, value: cost.workers, unit: 'ms' },
    {
      label: `${name}: ${what}: CPU per request, whole process`,
      value: cost.total,
      unit: 'ms',
      meaning: 'with the garbage collector’s and libuv’s helper threads',
    },
  ];
  const wall = (cost: { others: number }) => wallClockCaveat(cost.others);
  const l = side.listingLoad;
  const p = side.positionsLoad;
  return [
    ...cpu('listing, one at a time', side.listingOne),
    ...cpu(`listing, ${CONNECTIONS} connections`, l, 1),
    {
      label: `${name}: listing, ${CONNECTIONS} connections: requests per second`,
      value: l.result.requests.average,
      unit: '/s',
      wall: true,
      ...(judged ? { target: { min: 1_500 } } : {}),
      meaning: `load average before ${l.load}${wall(l) ? `; ${wall(l)}` : ''}`,
    },
    {
      label: `${name}: listing, ${CONNECTIONS} connections: p99`,
      value: l.result.latency.p99,
      unit: 'ms',
      wall: true,
      ...(judged ? { target: { max: 250 } } : {}),
    },
    {
      label: `${name}: listing, ${CONNECTIONS} connections: errors, timeouts, non-2xx`,
      value: failures(l.result),
      unit: '',
      meaning: failed(l.result),
      ...(judged ? { target: { max: 0 } } : {}),
    },
    ...cpu(`positions of ${side.positionsOne.nodes} nodes, one at a time`, side.positionsOne, 15),
    {
      label: `${name}: positions, one at a time: median`,
      value: side.positionsOne.medianMs,
      unit: 'ms',
      wall: true,
    },
    ...cpu(`positions, ${POSITION_CONNECTIONS} connections`, p),
    {
      label: `${name}: positions, ${POSITION_CONNECTIONS} connections: requests per second`,
      value: p.result.requests.average,
      unit: '/s',
      wall: true,
      meaning: `load average before ${p.load}${wall(p) ? `; ${wall(p)}` : ''}`,
    },
    {
      label: `${name}: positions, ${POSITION_CONNECTIONS} connections: p99`,
      value: p.result.latency.p99,
      unit: 'ms',
      wall: true,
    },
    {
      label: `${name}: /livez meanwhile: p99`,
      value: p.livez.latency.p99,
      unit: 'ms',
      wall: true,
      meaning: 'how long any other request waited for the event loop while positions ran',
    },
    {
      label: `${name}: positions and /livez: errors, timeouts, non-2xx`,
      value: failures(p.result) + failures(p.livez),
      unit: '',
      meaning: `positions ${failed(p.result)}; /livez ${failed(p.livez)}`,
      ...(judged ? { target: { max: 0 } } : {}),
    },
  ];
}

export const readWorkersBenchmark: Benchmark = {
  name: 'read-workers',
  description:
    `Issue 20: SQLite reads on ${WORKERS} read workers against the event loop, in one run: ` +
    `the listing (7-day demo) one at a time and at ${CONNECTIONS} connections, positions of ` +
    'the large fleet one at a time and with a /livez probe; CPU per thread from /proc.',
  async run() {
    const demoDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-rw-demo-'));
    const largeDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-rw-large-'));
    try {
      const sides: Side[] = [];
      let listed = '';
      // The event loop first: its cloud seeds each file, which the workers' cloud then reads.
      for (const workers of [0, WORKERS]) {
        const listing = await listingSide(demoDir, workers);
        listed = `${listing.channels} channels, ${(listing.bytes / 1024).toFixed(0)} KB a listing`;
        sides.push({ workers, ...listing, ...(await positionsSide(largeDir, workers)) });
      }
      const [plain, ours] = sides;
      if (plain === undefined || ours === undefined) throw new Error('two sides expected');
      const ratio = (label: string, a: number, b: number): Figure => ({
        label,
        value: a / b,
        unit: '×',
      });
      return {
        figures: [
          ...sideFigures(plain, false),
          ...sideFigures(ours, true),
          ratio(
            'event loop / workers, main-thread CPU per listing at load',
            plain.listingLoad.main,
            ours.listingLoad.main,
          ),
          ratio(
            'event loop / workers, main-thread CPU per positions request',
            plain.positionsOne.main,
            ours.positionsOne.main,
          ),
          ratio(
            'event loop / workers, /livez p99 while positions ran',
            plain.positionsLoad.livez.latency.p99,
            ours.positionsLoad.livez.latency.p99,
          ),
          ratio(
            'workers / event loop, listing requests per second',
            ours.listingLoad.result.requests.average,
            plain.listingLoad.result.requests.average,
          ),
        ],
        notes: [
          `${listed}; the reach cache (0051) on both sides, as the cloud runs.`,
          'event loop: SQLITE_READ_WORKERS=0; workers: the same file read by ' +
            `SQLITE_READ_WORKERS=${WORKERS}, each side a cloud process of its own.`,
        ],
      };
    } finally {
      rmSync(demoDir, { recursive: true, force: true });
      rmSync(largeDir, { recursive: true, force: true });
    }
  },
};

if (import.meta.main) await runStandalone(readWorkersBenchmark);
