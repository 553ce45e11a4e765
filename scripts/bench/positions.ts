import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { admin, startCluster, type Cluster } from '../../server/test/postgres-cluster.ts';
import { machineBusyMs, processMs, treeMs } from '../../server/cluster-harness/cpu-meter.ts';
import { loadNow, runStandalone, wallClockCaveat, type Benchmark, type Figure } from './bench.ts';
import { bearerToken } from './bench-token.ts';

/**
 * Issue 20 item 2: `/v1/positions` of the large fleet's 10,001 nodes (admin, bearer), kept in
 * memory (docs/decisions/0151-positions-kept-in-memory.md) against the old way (two index seeks
 * per sensor, every request) in the same cloud process, on SQLite and on PostgreSQL. The cloud
 * runs in a process of its own (positions-server.ts); its CPU, and PostgreSQL's (the postmaster
 * and its backends), are read from /proc around requests made one at a time, so the generator's
 * CPU is not counted. Each answer is asked raw, as gzip and as br (a new `to` each time, so a new
 * text to compress), br for a fixed range (compressed once and kept per ETag) and with
 * If-None-Match for a fixed range (304).
 */
const PLAIN_RUNS = Number(process.env.POSITIONS_PLAIN_RUNS ?? 8);
const KEPT_RUNS = Number(process.env.POSITIONS_KEPT_RUNS ?? 40);
const TARGET_MS = 15;
const PG_WITHIN = 1.5;

interface Cloud {
  child: ChildProcess;
  url: string;
  pid: number;
}

async function startCloud(env: Record<string, string>): Promise<Cloud> {
  const child = spawn(process.execPath, ['scripts/bench/positions-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the cloud did not start in 15 min')), 900_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`positions-server exited with ${code}`)));
  });
  return { child, url: (JSON.parse(first) as { url: string }).url, pid: child.pid ?? 0 };
}

async function stopCloud(cloud: Cloud): Promise<void> {
  const ended = new Promise((resolve) => cloud.child.once('exit', resolve));
  cloud.child.kill('SIGTERM');
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

function setMode(cloud: Cloud, mode: 'plain' | 'kept' | 'touch'): Promise<void> {
  return new Promise((resolve) => {
    cloud.child.once('message', () => resolve());
    cloud.child.send(mode);
  });
}

interface Cost {
  /** CPU ms per request: the cloud process, its main thread, PostgreSQL's processes. */
  cloud: number;
  main: number;
  database: number;
  medianMs: number;
  /** Cores other work kept busy meanwhile. */
  others: number;
  status: number;
  bytes: number;
  load: string;
}

interface Ask {
  encoding: 'identity' | 'gzip' | 'br';
  /** A fixed range (the same answer each time) instead of `to` = now. */
  fixed?: { from: number; to: number };
  /** Ask with If-None-Match: the answer's own tag. */
  revalidate?: true;
  /** One node's new reading before each request (its ingestion's CPU: `touchOnly`, taken out). */
  touch?: true;
  /** Only the readings, no request: what `touch` adds, to take out. */
  touchOnly?: true;
}

async function measure(
  cloud: Cloud,
  database: () => number,
  token: string,
  runs: number,
  ask: Ask,
): Promise<Cost> {
  const query = ask.fixed ? `?from=${ask.fixed.from}&to=${ask.fixed.to}` : '';
  const url = `${cloud.url}/v1/positions${query}`;
  let tag = '';
  const get = async () => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'accept-encoding': ask.encoding,
    };
    if (ask.revalidate) headers['if-none-match'] = tag;
    const answer = await fetch(url, { headers });
    const body = Buffer.from(await answer.arrayBuffer());
    const expected = ask.revalidate && tag !== '' ? 304 : 200;
    tag = answer.headers.get('etag') ?? '';
    if (answer.status !== expected) throw new Error(`${url} answered ${answer.status}`);
    return { status: answer.status, bytes: body.length };
  };
  // Warm: the first answers after a change of mode pay for the other mode's garbage.
  for (let i = 0; i < 5; i++) await get();
  const dbMs = database;
  const load = loadNow();
  const before = { cloud: processMs(cloud.pid), main: processMs(cloud.pid, true), db: dbMs() };
  const busyBefore = machineBusyMs();
  const generatorBefore = processMs(process.pid);
  const times: number[] = [];
  let last = { status: 0, bytes: 0 };
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    if (ask.touch || ask.touchOnly) await setMode(cloud, 'touch');
    if (ask.touchOnly) continue;
    const t0 = performance.now();
    last = await get();
    times.push(performance.now() - t0);
  }
  const wallMs = performance.now() - started;
  const cloudMs = processMs(cloud.pid) - before.cloud;
  const databaseMs = dbMs() - before.db;
  const ours = cloudMs + databaseMs + processMs(process.pid) - generatorBefore;
  times.sort((a, b) => a - b);
  return {
    cloud: cloudMs / runs,
    main: (processMs(cloud.pid, true) - before.main) / runs,
    database: databaseMs / runs,
    medianMs: times[Math.floor(times.length / 2)] ?? NaN,
    others: Math.max(0, machineBusyMs() - busyBefore - ours) / wallMs,
    ...last,
    load,
  };
}

interface Side {
  engine: 'SQLite' | 'PostgreSQL';
  nodes: number;
  plain: Cost;
  kept: Cost;
  gzip: Cost;
  br: Cost;
  brFixed: Cost;
  notModified: Cost;
  plainBr: Cost;
  /** Raw, one node's reading arrived since the request before (its ingestion taken out). */
  changed: Cost;
}

async function side(engine: Side['engine']): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-positions-'));
  let cluster: Cluster | undefined;
  let cloud: Cloud | undefined;
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (engine === 'PostgreSQL') {
      cluster = await startCluster();
      await admin(cluster.url(), 'CREATE DATABASE bench');
      env.DATABASE_URL = cluster.url('bench');
    }
    const postgres = cluster;
    // The postmaster, its backends, and those that ended (reaped: counted in its children's time).
    const database = () => (postgres === undefined ? 0 : treeMs(postgres.pid()));
    cloud = await startCloud(env);
    const token = await bearerToken(cloud.url);
    const first = await fetch(`${cloud.url}/v1/positions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const answer = (await first.json()) as { nodes: unknown[]; to: number };
    const fixed = { from: answer.to - 86_400_000, to: answer.to };
    const run = (runs: number, ask: Ask) => measure(cloud as Cloud, database, token, runs, ask);
    await setMode(cloud, 'plain');
    const plain = await run(PLAIN_RUNS, { encoding: 'identity' });
    const plainBr = await run(PLAIN_RUNS, { encoding: 'br' });
    await setMode(cloud, 'kept');
    const kept = await run(KEPT_RUNS, { encoding: 'identity' });
    const gzip = await run(KEPT_RUNS, { encoding: 'gzip' });
    const br = await run(KEPT_RUNS, { encoding: 'br' });
    const brFixed = await run(KEPT_RUNS, { encoding: 'br', fixed });
    const notModified = await run(KEPT_RUNS, { encoding: 'br', fixed, revalidate: true });
    const touchedAndAsked = await run(KEPT_RUNS, { encoding: 'identity', touch: true });
    const touchOnly = await run(KEPT_RUNS, { encoding: 'identity', touchOnly: true });
    const changed = {
      ...touchedAndAsked,
      cloud: touchedAndAsked.cloud - touchOnly.cloud,
      main: touchedAndAsked.main - touchOnly.main,
      database: touchedAndAsked.database - touchOnly.database,
    };
    return {
      changed,
      engine,
      nodes: answer.nodes.length,
      plain,
      kept,
      gzip,
      br,
      brFixed,
      notModified,
      plainBr,
    };
  } finally {
    if (cloud !== undefined) await stopCloud(cloud);
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function sideFigures(s: Side): Figure[] {
  const pg = s.engine === 'PostgreSQL';
  const cpu = (what: string, cost: Cost, max?: number): Figure => ({
    label: `${s.engine}: ${what}: CPU per request${pg ? ', cloud + PostgreSQL' : ''}`,
    value: cost.cloud + cost.database,
    unit: 'ms',
    ...(max !== undefined ? { target: { max } } : {}),
    meaning:
      `cloud ${cost.cloud.toFixed(1)} ms (main thread ${cost.main.toFixed(1)})` +
      `${pg ? `, PostgreSQL ${cost.database.toFixed(1)} ms` : ''}; ` +
      `${(cost.bytes / 1024).toFixed(0)} KB sent; load average ${cost.load}`,
  });
  const wall = (what: string, cost: Cost): Figure => {
    const caveat = wallClockCaveat(cost.others);
    return {
      label: `${s.engine}: ${what}: median time`,
      value: cost.medianMs,
      unit: 'ms',
      wall: true,
      ...(caveat ? { meaning: caveat } : {}),
    };
  };
  return [
    cpu(`old way (seeks), raw, ${s.nodes} nodes`, s.plain),
    cpu('old way, br', s.plainBr),
    cpu('kept, raw', s.kept, pg ? undefined : TARGET_MS),
    cpu('kept, gzip (new text each time)', s.gzip),
    cpu('kept, br (new text each time)', s.br),
    cpu('kept, br, fixed range (compressed once per ETag)', s.brFixed),
    cpu('kept, fixed range, If-None-Match (304)', s.notModified),
    cpu('kept, raw, one node changed since the request before', s.changed),
    wall('old way, raw', s.plain),
    wall('kept, raw', s.kept),
    {
      label: `${s.engine}: old way / kept, CPU per raw request`,
      value: (s.plain.cloud + s.plain.database) / (s.kept.cloud + s.kept.database),
      unit: '×',
    },
  ];
}

export const positionsBenchmark: Benchmark = {
  name: 'positions',
  description:
    'Issue 20: /v1/positions of the large fleet (10,001 nodes, admin bearer) kept in memory ' +
    'against the old seeks, in one cloud process, on SQLite and PostgreSQL; CPU per request ' +
    'from /proc (cloud and PostgreSQL), raw, gzip, br, and 304.',
  async run() {
    const sqlite = await side('SQLite');
    const pg = await side('PostgreSQL');
    const total = (cost: Cost) => cost.cloud + cost.database;
    return {
      figures: [
        ...sideFigures(sqlite),
        ...sideFigures(pg),
        {
          label: 'PostgreSQL / SQLite, kept, CPU per raw request',
          value: total(pg.kept) / total(sqlite.kept),
          unit: '×',
          target: { max: PG_WITHIN },
          meaning: 'PostgreSQL counts its own processes besides the cloud’s',
        },
      ],
      notes: [
        'old way: KeptPositions off (every request reads two index seeks per sensor), in the ' +
          'same cloud process right before; SQLITE_READ_WORKERS=0.',
        `${PLAIN_RUNS} requests each the old way, ${KEPT_RUNS} each kept, one at a time.`,
        'kept, raw: the fleet unchanged between requests, so the nodes’ text made for the first ' +
          'is sent again; "one node changed": a reading ingested before each request (that ' +
          'ingestion’s CPU, measured alone in the same run, taken out), so the block of 256 ' +
          'nodes that holds it is made again.',
      ],
    };
  },
};

if (import.meta.main) await runStandalone(positionsBenchmark);
