import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { Benchmark, Figure } from './bench.ts';

/**
 * Issue 12: 500 live streams on one instance while gateways deliver 2,000 messages a second.
 * The cloud runs in a process of its own (live-server.ts); the clients read in a worker thread
 * (live-clients.ts); four gateways post a batch of 50 every 100 ms from here, each reading timed
 * at the moment it is sent, so a reading's latency is its arrival at a client minus its ts. The
 * plain approach, measured the same way in the same run: the same clients each polling the
 * channel's history every second (what a console without streams does).
 */
const STREAMS = Number(process.env.LIVE_STREAMS ?? 500);
const RATE = Number(process.env.LIVE_RATE ?? 2_000);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const GATEWAY_EVERY_MS = 100;
const POLL_MS = 1_000;

interface Seeded {
  url: string;
  nodes: { serial: string; uuid: string }[];
  groups: string[];
  gateways: { serial: string; key: string }[];
}

interface Memory {
  memory: NodeJS.MemoryUsage;
  streams: number;
}

interface ClientResult {
  latencies: Float64Array;
  received: number;
  requests: number;
  errors: string[];
}

interface Phase {
  p50: number;
  p99: number;
  delivered: number;
  requests: number;
  ingestedPerSecond: number;
  offeredPerSecond: number;
  ingestP99: number;
  cpuPercent: number;
  errors: string[];
}

const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const at = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function startCloud(): Promise<{ child: ChildProcess; seeded: Seeded }> {
  const child = spawn(process.execPath, ['--expose-gc', 'scripts/bench/live-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, LIVE_PORT: process.env.BENCH_PORT ?? '0' },
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, seeded: JSON.parse(line) as Seeded };
  }
  throw new Error('the benchmark cloud did not start');
}

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as Memory));
    child.send('memory');
  });
}

async function cpuSeconds(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^process_cpu_seconds_total (\S+)$/m.exec(text);
  return Number(match?.[1] ?? NaN);
}

/** Four gateways, each posting a batch every 100 ms on a fixed schedule, whatever the answers. */
function startGateways(seeded: Seeded) {
  const perBatch = Math.round((RATE * GATEWAY_EVERY_MS) / 1000 / seeded.gateways.length);
  const answers: number[] = [];
  let offered = 0;
  let accepted = 0;
  let stopped = false;
  const runs = seeded.gateways.map(async (gateway, g) => {
    const authorization = `Basic ${Buffer.from(`${gateway.serial}:${gateway.key}`).toString('base64')}`;
    // Each gateway serves a share of the nodes; a batch takes each of them twice (temp and gps).
    const mine = seeded.nodes.filter((_, i) => i % seeded.gateways.length === g);
    const start = wallNow();
    const inFlight = new Set<Promise<void>>();
    for (let k = 0; !stopped; k++) {
      const due = start + k * GATEWAY_EVERY_MS;
      const wait = due - wallNow();
      if (wait > 0) await sleep(wait);
      const ts = Math.round(wallNow());
      const messages = Array.from({ length: perBatch }, (_, i) => {
        const node = mine[(k * perBatch + i) % mine.length]?.serial ?? '';
        const gps = Math.floor((k * perBatch + i) / mine.length) % 2 === 1;
        return gps
          ? {
              node,
              sensor: 'gps',
              type: 'GPS',
              ts,
              value: { lat: 52.3 + i / 1e4, lon: 4.9, hdop: 1, fix: 3 },
            }
          : { node, sensor: 'temp', type: 'TEMP', ts, value: { temperature: 4 } };
      });
      offered += messages.length;
      // Gateways send on their schedule, not after the previous answer (at most 8 in flight).
      while (inFlight.size >= 8) await Promise.race(inFlight);
      const sent = wallNow();
      const post = fetch(`${seeded.url}/v1/ingest`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
      })
        .then(async (response) => {
          const body = (await response.json()) as { accepted?: number };
          answers.push(wallNow() - sent);
          accepted += body.accepted ?? 0;
        })
        .finally(() => inFlight.delete(post));
      inFlight.add(post);
    }
    await Promise.all(inFlight);
  });
  return {
    reset() {
      offered = 0;
      accepted = 0;
      answers.length = 0;
    },
    counts: () => ({ offered, accepted, answers: [...answers].sort((a, b) => a - b) }),
    async stop() {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

async function runPhase(
  seeded: Seeded,
  child: ChildProcess,
  mode: 'streams' | 'polling',
  paths: string[],
): Promise<{ phase: Phase; openMemory?: { before: Memory; after: Memory } }> {
  const before = await memoryOf(child);
  const worker = new Worker(new URL('./live-clients.ts', import.meta.url), {
    workerData: {
      url: seeded.url,
      authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`,
      mode,
      paths,
      pollMs: POLL_MS,
    },
  });
  let opened = 0;
  let failures = 0;
  const done = new Promise<ClientResult>((resolve) => {
    worker.on('message', (message: { opened?: number; errors?: number; done?: boolean }) => {
      if (message.done) resolve(message as unknown as ClientResult);
      else {
        opened = message.opened ?? opened;
        failures = message.errors ?? failures;
      }
    });
  });
  const deadline = Date.now() + 120_000;
  while (opened < paths.length) {
    if (failures > 0) throw new Error(`${failures} clients failed to start`);
    if (Date.now() > deadline) throw new Error(`only ${opened} of ${paths.length} clients started`);
    await sleep(200);
  }
  const after = mode === 'streams' ? await memoryOf(child) : undefined;
  const gateways = startGateways(seeded);
  await sleep(WARMUP_SECONDS * 1000);
  gateways.reset();
  worker.postMessage('measure');
  const cpuBefore = await cpuSeconds(seeded.url);
  const started = wallNow();
  await sleep(SECONDS * 1000);
  const { offered, accepted, answers } = gateways.counts();
  const elapsed = (wallNow() - started) / 1000;
  const cpuAfter = await cpuSeconds(seeded.url);
  await gateways.stop();
  await sleep(1_500);
  worker.postMessage('stop');
  const result = await done;
  await worker.terminate();
  const sortedAnswers = Float64Array.from(answers);
  return {
    phase: {
      p50: at(result.latencies, 0.5),
      p99: at(result.latencies, 0.99),
      delivered: result.received / elapsed,
      requests: result.requests / elapsed,
      ingestedPerSecond: accepted / elapsed,
      offeredPerSecond: offered / elapsed,
      ingestP99: at(sortedAnswers, 0.99),
      cpuPercent: ((cpuAfter - cpuBefore) / elapsed) * 100,
      errors: result.errors,
    },
    ...(after ? { openMemory: { before, after } } : {}),
  };
}

export const liveStreamsBenchmark: Benchmark = {
  name: 'live-streams',
  description:
    `Issue 12: ${STREAMS} live streams on one instance (group and node channels) while four ` +
    `gateways deliver ${RATE} messages/s; delivery latency from ingestion to client, whether ` +
    'ingestion keeps up, memory per stream; beside it the same clients polling history every ' +
    'second (the plain approach).',
  async run() {
    const { child, seeded } = await startCloud();
    try {
      // Four in five streams follow a group (a fleet manager's page), one in five a node.
      const paths = Array.from({ length: STREAMS }, (_, i) =>
        i % 5 === 4
          ? `/v1/channels/${seeded.nodes[i % seeded.nodes.length]?.uuid}/events`
          : `/v1/channels/${seeded.groups[i % seeded.groups.length]}/events`,
      );
      const streams = await runPhase(seeded, child, 'streams', paths);
      await sleep(2_000);
      const polling = await runPhase(seeded, child, 'polling', paths);
      const memory = streams.openMemory;
      const perStream = (pick: (m: NodeJS.MemoryUsage) => number) =>
        memory ? (pick(memory.after.memory) - pick(memory.before.memory)) / STREAMS / 1024 : NaN;
      const s = streams.phase;
      const p = polling.phase;
      const figures: Figure[] = [
        { label: 'streams: delivery latency p50', value: s.p50, unit: 'ms', target: { max: 100 } },
        { label: 'streams: delivery latency p99', value: s.p99, unit: 'ms', target: { max: 1000 } },
        { label: 'streams: readings delivered to clients', value: s.delivered, unit: '/s' },
        { label: 'streams: offered by the gateways', value: s.offeredPerSecond, unit: 'msg/s' },
        {
          label: 'streams: ingested (stored)',
          value: s.ingestedPerSecond,
          unit: 'msg/s',
          target: { min: RATE * 0.98 },
        },
        { label: 'streams: ingestion answer p99', value: s.ingestP99, unit: 'ms' },
        { label: 'streams: cloud CPU', value: s.cpuPercent, unit: '%' },
        {
          label: 'memory per open stream (heap)',
          value: perStream((m) => m.heapUsed),
          unit: 'KiB',
        },
        { label: 'memory per open stream (RSS)', value: perStream((m) => m.rss), unit: 'KiB' },
        { label: 'plain (poll history 1/s): latency p50', value: p.p50, unit: 'ms' },
        { label: 'plain: latency p99', value: p.p99, unit: 'ms' },
        { label: 'plain: history requests', value: p.requests, unit: '/s' },
        { label: 'plain: ingested (stored)', value: p.ingestedPerSecond, unit: 'msg/s' },
        { label: 'plain: ingestion answer p99', value: p.ingestP99, unit: 'ms' },
        { label: 'plain: cloud CPU', value: p.cpuPercent, unit: '%' },
        { label: 'plain / streams, latency p50', value: p.p50 / s.p50, unit: '×' },
        { label: 'plain / streams, latency p99', value: p.p99 / s.p99, unit: '×' },
      ];
      const notes = [
        `Streams open on the instance when measured: ${memory?.after.streams ?? '?'}.`,
        ...[...s.errors, ...p.errors].map((error) => `client error: ${error}`),
      ];
      return { figures, notes };
    } finally {
      child.kill('SIGTERM');
      await sleep(500);
    }
  },
};
