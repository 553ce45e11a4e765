import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { summarise, type Benchmark } from './bench.ts';
import { measureCpu } from '../../server/cluster-harness/cpu-meter.ts';

export interface Target {
  url: string;
  gateways: { serial: string; key: string }[];
  nodes: number;
  /** With the large fleet: its benchmark group (ingest-server.ts). */
  group?: string;
}

const RATE = 2_000;
const SUSTAIN_MS = 10_000;
const CAPACITY_MS = 5_000;
const BATCH_EVERY_MS = 500;

/** The ingestion cloud in a process of its own; `env` picks PostgreSQL (ingest-server.ts). */
export async function startServer(
  env: Record<string, string> = {},
  script = fileURLToPath(new URL('./ingest-server.ts', import.meta.url)),
): Promise<{ child: ChildProcess; target: Target }> {
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const first = await new Promise<string>((resolve, reject) => {
    // Seeding the large fleet takes minutes on a shared machine; an empty cloud starts in seconds.
    const limit = env.INGEST_FLEET === 'large' ? 900_000 : 60_000;
    const timer = setTimeout(() => reject(new Error('ingestion server did not start')), limit);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`ingestion server exited with ${code}`)));
  });
  return { child, target: JSON.parse(first) as Target };
}

/** Messages with a unique (node, ts) each: TEMP readings of the commissioned LOAD nodes. */
export class Messages {
  private next = 0;
  private readonly base = Date.now() - 3_600_000;
  private readonly nodes: number;

  constructor(nodes: number) {
    this.nodes = nodes;
  }

  take(count: number) {
    return Array.from({ length: count }, () => {
      const i = this.next++;
      const node = `LOAD-${String(1 + (i % this.nodes)).padStart(4, '0')}`;
      const ts = this.base + i;
      return {
        node,
        sensor: 'temp',
        type: 'TEMP',
        ts,
        value: { ts: Math.floor(ts / 1000), temperature: 4 },
      };
    });
  }
}

async function post(target: Target, gateway: number, messages: unknown[]) {
  const credentials = target.gateways[gateway % target.gateways.length];
  if (!credentials) throw new Error('no gateway');
  const started = performance.now();
  const response = await fetch(`${target.url}/v1/ingest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${credentials.serial}:${credentials.key}`).toString('base64')}`,
    },
    body: JSON.stringify({ messages }),
  });
  const body = (await response.json()) as { accepted?: number };
  if (response.status !== 200) throw new Error(`ingestion answered ${response.status}`);
  return { ms: performance.now() - started, accepted: body.accepted ?? 0 };
}

/** Open loop: each gateway sends its batch every BATCH_EVERY_MS whether or not the last is done. */
async function sustained(target: Target, messages: Messages) {
  const gateways = target.gateways.length;
  const batch = (RATE * BATCH_EVERY_MS) / 1000 / gateways;
  const latencies: number[] = [];
  let accepted = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let tick = 0; tick < SUSTAIN_MS / BATCH_EVERY_MS; tick++) {
    const due = started + tick * BATCH_EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    for (let g = 0; g < gateways; g++) {
      inFlight.push(
        post(target, g, messages.take(batch)).then((result) => {
          latencies.push(result.ms);
          accepted += result.accepted;
        }),
      );
    }
  }
  await Promise.all(inFlight);
  const elapsed = performance.now() - started;
  return { rate: (accepted / elapsed) * 1000, accepted, latency: summarise(latencies), batch };
}

/**
 * Closed loop: `senders` send back to back, each `size` messages per request; with several
 * targets (instances of one cloud), sender g sends to target g modulo their number.
 */
export async function capacity(
  targets: Target | Target[],
  messages: Messages,
  senders: number,
  size: number,
  seconds = CAPACITY_MS / 1000,
) {
  const all = Array.isArray(targets) ? targets : [targets];
  const latencies: number[] = [];
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async (_, g) => {
      const target = all[g % all.length];
      if (!target) throw new Error('no target');
      while (performance.now() - started < seconds * 1000) {
        const result = await post(target, g, messages.take(size));
        latencies.push(result.ms);
        accepted += result.accepted;
      }
    }),
  );
  const elapsed = performance.now() - started;
  return { rate: (accepted / elapsed) * 1000, accepted, latency: summarise(latencies) };
}

export const ingestionBenchmark: Benchmark = {
  name: 'ingestion',
  description:
    `Ingestion through HTTP to a listening cloud in its own process: ${RATE} messages a second ` +
    `for ${SUSTAIN_MS / 1000} s from 4 gateways, each posting a batch every ${BATCH_EVERY_MS} ms.`,
  async run() {
    const { child, target } = await startServer();
    try {
      const messages = new Messages(target.nodes);
      // The cloud's CPU from /proc of its process, per message it stored: stable under load.
      const cloud = [{ name: 'cloud', pids: () => [child.pid ?? 0] }];
      const cpuPerMessage = async <T extends { accepted: number }>(work: () => Promise<T>) => {
        const { result, shares, elapsedMs } = await measureCpu(cloud, work);
        const cores = shares[0]?.cores ?? 0;
        return { ...result, cpuMs: (cores * elapsedMs) / Math.max(1, result.accepted) };
      };
      const steady = await cpuPerMessage(() => sustained(target, messages));
      const batched = await cpuPerMessage(() => capacity(target, messages, 4, steady.batch));
      const single = await cpuPerMessage(() => capacity(target, messages, 4, 1));
      return {
        figures: [
          {
            label: `sustained at ${RATE}/s: stored per second`,
            value: steady.rate,
            unit: 'msg/s',
            target: { min: RATE * 0.98 },
            wall: true,
            meaning: `${steady.accepted} messages stored, from the first post to the last answer`,
          },
          {
            label: `sustained: latency of a ${steady.batch}-message post, median`,
            value: steady.latency.median,
            unit: 'ms',
          },
          {
            label: `sustained: latency of a ${steady.batch}-message post, p95`,
            value: steady.latency.p95,
            unit: 'ms',
            target: { max: BATCH_EVERY_MS },
            wall: true,
            meaning: 'under the posting interval: no backlog builds up',
          },
          {
            label: 'sustained: cloud CPU per 1000 messages',
            value: steady.cpuMs * 1000,
            unit: 'ms',
            meaning: 'from /proc of the cloud’s process (every thread); the generator apart',
          },
          {
            label: `capacity, batches of ${steady.batch}: cloud CPU per 1000 messages`,
            value: batched.cpuMs * 1000,
            unit: 'ms',
          },
          {
            label: 'capacity, one message per request: cloud CPU per 1000 messages',
            value: single.cpuMs * 1000,
            unit: 'ms',
          },
          {
            label: 'plain / batched, cloud CPU per message',
            value: single.cpuMs / batched.cpuMs,
            unit: '×',
          },
          {
            label: `capacity, batches of ${steady.batch}, 4 gateways back to back`,
            value: batched.rate,
            unit: 'msg/s',
          },
          {
            label: 'capacity, plain approach (one message per request)',
            value: single.rate,
            unit: 'msg/s',
          },
          {
            label: 'batched / plain capacity',
            value: batched.rate / single.rate,
            unit: '×',
          },
        ],
        notes: [
          'plain approach: every message its own POST /v1/ingest (4 senders back to back), as a ' +
            'gateway that forwards each reading at once would do',
        ],
      };
    } finally {
      child.kill('SIGTERM');
    }
  },
};
