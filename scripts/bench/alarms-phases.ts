import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  measureCpu,
  processMs,
  treeMs,
  type CpuShare,
} from '../../server/cluster-harness/cpu-meter.ts';
import { loadNow } from './bench.ts';
import { helper, isDone, opened, reply } from './live-streams.ts';
import type { QueryTiming } from './alarms-pages.ts';

/**
 * The parts of the alarms benchmark (alarms.ts): its cloud in a process of its own
 * (alarms-server.ts), the gateways (live-gateways.ts) and readers (live-readers.ts) in theirs,
 * each process's CPU read from /proc.
 */
export interface AlarmsCloud {
  child: ChildProcess;
  url: string;
  nodes: string[];
  watched: string[];
  alarms: number;
  seededMs: number;
  rules: string;
  watch: string[];
  gateways: { serial: string; key: string }[];
  engine: 'sqlite' | 'postgres';
  /** PostgreSQL's postmaster (its backends are its children), when on PostgreSQL. */
  databasePid?: number;
}

export const CLOUD = 'cloud';
export const GATEWAYS = 'gateways';
export const READERS = 'readers';
export const OTHERS = 'everything else on the machine';
export const ADMIN = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;
const GATEWAY_EVERY_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startAlarmsCloud(engine: 'sqlite' | 'postgres'): Promise<AlarmsCloud> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./alarms-server.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, ALARMS_ENGINE: engine },
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, ...(JSON.parse(line) as Omit<AlarmsCloud, 'child'>) };
  }
  throw new Error('the alarms benchmark cloud did not start');
}

/** Ends the cloud's process (it removes its files and stops its cluster) and waits for it. */
export async function stopAlarmsCloud(cloud: AlarmsCloud): Promise<void> {
  if (cloud.child.exitCode !== null) return;
  const exited = new Promise((resolve) => cloud.child.once('exit', resolve));
  cloud.child.kill('SIGTERM');
  // A cluster's fast shutdown takes a moment; past 30 s it is not waited for.
  await Promise.race([exited, sleep(30_000)]);
}

/** Sets (or, with undefined, removes) the Rules group's properties, as admin over HTTP. */
export async function setRules(cloud: AlarmsCloud, properties: unknown): Promise<void> {
  const path = `/v1/channels/${cloud.rules}/properties`;
  const answer =
    properties === undefined
      ? await fetch(`${cloud.url}${path}`, { method: 'DELETE', headers: { authorization: ADMIN } })
      : await fetch(
          `${cloud.url}${path}?properties=${encodeURIComponent(JSON.stringify(properties))}`,
          { method: 'PUT', headers: { authorization: ADMIN } },
        );
  await answer.arrayBuffer();
  if (answer.status !== 200 && answer.status !== 204) {
    throw new Error(`properties answered ${answer.status}`);
  }
}

export interface GatewaysReport {
  offered: number;
  accepted: number;
  failed: number;
  heldBack: number;
  seconds: number;
}

export interface ReadersReport {
  raisedP50: number | null;
  raisedP99: number | null;
  raised: number;
  received: number;
  eventLoopUtilization: number;
  errors: string[];
}

export interface Phase {
  gateways: GatewaysReport;
  readers?: ReadersReport;
  shares: CpuShare[];
  seconds: number;
  load: string;
}

export const cores = (phase: Phase, name: string) =>
  phase.shares.find((share) => share.name === name)?.cores ?? 0;
/** The cloud's CPU per 1000 messages it stored, ms. */
export const cloudPer1000 = (phase: Phase) =>
  (cores(phase, CLOUD) * phase.seconds * 1_000_000) / Math.max(1, phase.gateways.accepted);

/**
 * One phase: gateways deliver `rate` messages a second over the whole fleet, every `outEvery`-th
 * batch with a reading out of the band on a watched node; with `paths`, readers hold those
 * streams. After `warmupMs`, `measureMs` is measured.
 */
export async function runPhase(
  cloud: AlarmsCloud,
  options: {
    rate: number;
    outEvery: number;
    outFrom: number;
    warmupMs: number;
    measureMs: number;
    paths?: string[];
  },
): Promise<Phase> {
  const readers = options.paths ? helper('live-readers.ts') : undefined;
  const gateways = helper('live-gateways.ts');
  try {
    if (readers && options.paths) {
      readers.send({
        url: cloud.url,
        authorization: ADMIN,
        mode: 'streams',
        paths: options.paths,
        pollMs: 1_000,
      });
      await opened(readers, options.paths.length);
    }
    await reply(
      gateways,
      {
        url: cloud.url,
        rate: options.rate,
        everyMs: GATEWAY_EVERY_MS,
        nodes: cloud.nodes.map((serial) => ({ serial })),
        gateways: cloud.gateways,
        outEvery: options.outEvery,
        outNodes: cloud.watched,
        outFrom: options.outFrom,
      },
      (m) => typeof m === 'object' && m !== null && 'started' in m,
    );
    await sleep(options.warmupMs);
    const load = loadNow();
    const { shares, elapsedMs } = await measureCpu(
      [
        { name: CLOUD, pids: () => [cloud.child.pid ?? 0] },
        { name: GATEWAYS, pids: () => [gateways.pid ?? 0] },
        ...(readers ? [{ name: READERS, pids: () => [readers.pid ?? 0] }] : []),
      ],
      async () => {
        readers?.send('measure');
        gateways.send('measure');
        await sleep(options.measureMs);
      },
    );
    const [gatewaysReport, readersReport] = await Promise.all([
      reply<GatewaysReport>(gateways, 'report', isDone),
      readers ? reply<ReadersReport>(readers, 'report', isDone) : undefined,
    ]);
    return {
      gateways: gatewaysReport,
      ...(readersReport ? { readers: readersReport } : {}),
      shares,
      seconds: elapsedMs / 1000,
      load,
    };
  } finally {
    readers?.kill('SIGTERM');
    gateways.kill('SIGTERM');
  }
}

const isAnswer = (m: unknown, what: string) => typeof m === 'object' && m !== null && what in m;

export interface PageFigures {
  medianMs: number;
  /** The cloud's CPU per request (all threads), ms. */
  cpuMs: number;
  /** Its main thread's, ms: what a request holds. */
  mainMs: number;
  /** PostgreSQL's (all its processes), ms; 0 on SQLite. */
  databaseMs: number;
}

/**
 * The first page over HTTP as admin (reaching every node), `runs` times each way, one request at
 * a time: with the caller's nodes kept (ours) and computed for the request (the plain way: the
 * cloud is told to forget them first), in turns (kept, computed, computed, kept, …) so that the
 * machine's load drifts over both alike. CPU is read around each request alone.
 */
export async function pageRequests(cloud: AlarmsCloud, query: string, runs: number) {
  const get = async () => {
    const answer = await fetch(`${cloud.url}/v1/alarms?${query}`, {
      headers: { authorization: ADMIN },
    });
    const body = (await answer.json()) as { alarms?: unknown[] };
    if (answer.status !== 200) throw new Error(`alarms answered ${answer.status}`);
    return body.alarms?.length ?? 0;
  };
  await get();
  const pid = cloud.child.pid ?? 0;
  const databaseMs = () => (cloud.databasePid ? treeMs(cloud.databasePid) : 0);
  const sides = {
    kept: { walls: [] as number[], cpu: 0, main: 0, database: 0 },
    computed: { walls: [] as number[], cpu: 0, main: 0, database: 0 },
  };
  let rows = 0;
  const loadBefore = loadNow();
  for (let i = 0; i < runs * 2; i++) {
    const computed = i % 4 === 1 || i % 4 === 2;
    if (computed) await reply(cloud.child, 'forget', (m) => isAnswer(m, 'forget'));
    const side = sides[computed ? 'computed' : 'kept'];
    const cpuBefore = processMs(pid);
    const mainBefore = processMs(pid, true);
    const databaseBefore = databaseMs();
    const started = performance.now();
    rows = await get();
    side.walls.push(performance.now() - started);
    side.cpu += processMs(pid) - cpuBefore;
    // The main thread is what a request holds; the garbage collector's helpers work beside it.
    side.main += processMs(pid, true) - mainBefore;
    side.database += databaseMs() - databaseBefore;
  }
  const figures = (side: typeof sides.kept): PageFigures => {
    side.walls.sort((a, b) => a - b);
    return {
      medianMs: side.walls[Math.floor(runs / 2)] ?? NaN,
      cpuMs: side.cpu / runs,
      mainMs: side.main / runs,
      databaseMs: side.database / runs,
    };
  };
  return {
    kept: figures(sides.kept),
    computed: figures(sides.computed),
    rows,
    load: `${loadBefore} before, ${loadNow()} after`,
  };
}

export function ask<T>(cloud: AlarmsCloud, what: 'pages' | 'silence'): Promise<T> {
  return reply<T>(cloud.child, what, (m) => isAnswer(m, what));
}

export type Pages = {
  pages: {
    /** The page's query against the plain one: SQLite only. */
    ours?: QueryTiming;
    plain?: QueryTiming;
    runs?: number;
    request: { keptMs: number; computedMs: number };
  };
};
export type Silence = { silence: { raised: number; cpuMs: number; ms: number } };
