import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingMessage, type ClientRequest } from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { runStandalone, type Benchmark, type Figure } from './bench.ts';
import { bearerToken } from './bench-token.ts';
import { processMs } from '../../server/cluster-harness/cpu-meter.ts';

/**
 * Issue 19: can one caller harm the others? Other users' bearer GET /v1/userinfo and GET /livez,
 * measured alone and then under (a) 8 concurrent Basic sign-ins with random names from changing
 * loopback addresses (a distributed guesser, which the per-address throttle does not stop, so
 * every guess costs a scrypt) and (b) one user's 40 replaying streams that are never read.
 */
const PHASE_MS = Number(process.env.ABUSE_PHASE_MS ?? 15_000);
const FLOODERS = 8;
const STREAMS = 40;

interface Seeded {
  url: string;
  coldChain: string;
  seedMs: number;
}
interface Phase {
  userinfo: number[];
  livez: number[];
  errors: number;
  cloudCpuMs: number;
  rssPeakMb: number;
  /** The cloud's memory when its RSS was highest, MB: what the growth is made of. */
  atPeak?: NodeJS.MemoryUsage;
  /** The cloud's RSS as the phase began, MB. */
  rssBeforeMb: number;
  attack: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p99 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? NaN;
};

async function startCloud(): Promise<{ child: ChildProcess; seeded: Seeded }> {
  const child = spawn(process.execPath, ['scripts/bench/abuse-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: process.env,
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, seeded: JSON.parse(line) as Seeded };
  }
  throw new Error('the benchmark cloud did not start');
}

const MB = 1_048_576;

function memoryOf(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve((message as { memory: NodeJS.MemoryUsage }).memory));
    child.send('memory');
  });
}

const rssMb = async (child: ChildProcess) => (await memoryOf(child)).rss / MB;

interface Sent {
  status: number;
  ms: number;
  /** The error's code when there was no answer. */
  error?: string;
}

function get(url: string, headers: Record<string, string>, localAddress?: string): Promise<Sent> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(url, { headers, localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy());
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, ms: performance.now() - started, error: error.code ?? error.message }),
    );
    outgoing.end();
  });
}

/** Waits for the cloud to have written a phase's profiles (with ABUSE_PROFILE_DIR). */
function writtenBy(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if ((message as { written?: string }).written !== name) return;
      child.off('message', listener);
      resolve();
    };
    child.on('message', listener);
  });
}

let attacks = 0;

/** Other users, one request after another, for PHASE_MS; memory sampled every 500 ms. */
async function measure(
  child: ChildProcess,
  seeded: Seeded,
  token: string,
  attack?: Record<string, number>,
): Promise<Phase> {
  const phase: Phase = {
    userinfo: [],
    livez: [],
    errors: 0,
    cloudCpuMs: 0,
    rssPeakMb: 0,
    rssBeforeMb: await rssMb(child),
    attack: attack ?? {},
  };
  const name = attack === undefined ? 'alone' : `under-attack-${++attacks}`;
  // Only with ABUSE_PROFILE_DIR does the cloud act on these.
  child.send({ profile: name });
  const until = performance.now() + PHASE_MS;
  const cpuBefore = child.pid === undefined ? 0 : processMs(child.pid);
  const sample = async () => {
    while (performance.now() < until) {
      const memory = await memoryOf(child);
      if (memory.rss / MB > phase.rssPeakMb) {
        phase.rssPeakMb = memory.rss / MB;
        phase.atPeak = memory;
      }
      await sleep(500);
    }
  };
  const loop = async (path: string, into: number[], headers: Record<string, string>) => {
    while (performance.now() < until) {
      const sent = await get(`${seeded.url}${path}`, headers);
      if (sent.status !== 200) phase.errors++;
      into.push(sent.ms);
    }
  };
  await Promise.all([
    loop('/v1/userinfo', phase.userinfo, { authorization: `Bearer ${token}` }),
    loop('/livez', phase.livez, {}),
    sample(),
  ]);
  phase.cloudCpuMs = (child.pid === undefined ? 0 : processMs(child.pid)) - cpuBefore;
  child.send({ profiled: name });
  if (process.env.ABUSE_PROFILE_DIR) await writtenBy(child, name);
  return phase;
}

/** Random-name Basic sign-ins, each from a loopback address of its own, until stopped. */
function passwordFlood(url: string) {
  const counts: Record<string, number> = {};
  let stopped = false;
  let n = 0;
  const one = async () => {
    while (!stopped) {
      n++;
      const address = `127.${1 + ((n >> 16) & 0xff)}.${(n >> 8) & 0xff}.${1 + (n & 0xfe)}`;
      const name = `guess-${Math.random().toString(36).slice(2)}`;
      const basic = Buffer.from(`${name}:wrong-password`).toString('base64');
      const sent = await get(`${url}/v1/userinfo`, { authorization: `Basic ${basic}` }, address);
      const key = sent.error ?? String(sent.status);
      counts[key] = (counts[key] ?? 0) + 1;
    }
  };
  const runs = Array.from({ length: FLOODERS }, one);
  return {
    counts,
    async stop() {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

/** One user's streams replaying the last 23 hours of a group, never read. */
async function streamFlood(seeded: Seeded) {
  const basic = Buffer.from('fleet:demo-fleet').toString('base64');
  const since = Date.now() - 23 * 3_600_000;
  const url = `${seeded.url}/v1/channels/${seeded.coldChain}/events?since=${since}`;
  const held: { outgoing: ClientRequest; response?: IncomingMessage }[] = [];
  const counts: Record<string, number> = {};
  await Promise.all(
    Array.from(
      { length: STREAMS },
      () =>
        new Promise<void>((resolve) => {
          const entry: (typeof held)[number] = {
            outgoing: request(url, { headers: { authorization: `Basic ${basic}` }, agent: false }),
          };
          entry.outgoing.on('response', (response) => {
            counts[response.statusCode ?? 0] = (counts[response.statusCode ?? 0] ?? 0) + 1;
            entry.response = response;
            // Never read: the socket's buffers fill and the cloud must stop or end the stream.
            response.pause();
            if (response.statusCode !== 200) response.resume();
            resolve();
          });
          entry.outgoing.on('error', () => {
            counts.error = (counts.error ?? 0) + 1;
            resolve();
          });
          entry.outgoing.end();
          held.push(entry);
        }),
    ),
  );
  return {
    counts,
    stop() {
      for (const { outgoing } of held) outgoing.destroy();
    },
  };
}

/** Where a phase's peak RSS went: the JS heap, memory outside it (Buffers, native), the rest. */
function memoryLine(phase: Phase): string {
  const peak = phase.atPeak;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  if (!peak) return 'no sample';
  return (
    `rss ${phase.rssBeforeMb.toFixed(0)} MB as it began, peak ${mb(peak.rss)}: ` +
    `JS heap ${mb(peak.heapUsed)} used of ${mb(peak.heapTotal)}, ` +
    `external ${mb(peak.external)} (array buffers ${mb(peak.arrayBuffers)})`
  );
}

export const abuseBenchmark: Benchmark = {
  name: 'abuse',
  description:
    'Other users’ bearer /v1/userinfo and /livez p99, alone and under (a) 8 concurrent random-name ' +
    'Basic sign-ins and (b) one user’s 40 unread replaying streams, on the 7-day demo (issue 19).',
  async run() {
    const { child, seeded } = await startCloud();
    try {
      const token = await bearerToken(seeded.url, 'support', 'demo-support');
      const rssStart = await rssMb(child);
      const alone = await measure(child, seeded, token);
      const flood = passwordFlood(seeded.url);
      const underFlood = await measure(child, seeded, token, flood.counts);
      await flood.stop();
      const streams = await streamFlood(seeded);
      const underStreams = await measure(child, seeded, token, streams.counts);
      streams.stop();
      const figures: Figure[] = [];
      const row = (what: string, phase: Phase, baseline?: Phase) => {
        const info = p99(phase.userinfo);
        const live = p99(phase.livez);
        figures.push({ label: `${what}: bearer /v1/userinfo p99`, value: info, unit: 'ms' });
        figures.push({ label: `${what}: /livez p99`, value: live, unit: 'ms' });
        figures.push({
          label: `${what}: cloud CPU per other user's request`,
          value: phase.cloudCpuMs / (phase.userinfo.length + phase.livez.length),
          unit: 'ms',
        });
        if (!baseline) return;
        figures.push({
          label: `${what}: userinfo p99 / alone`,
          value: info / p99(baseline.userinfo),
          unit: '×',
          target: { max: 2 },
        });
        figures.push({
          label: `${what}: livez p99 / alone`,
          value: live / p99(baseline.livez),
          unit: '×',
          target: { max: 2 },
        });
        figures.push({
          label: `${what}: errors for other users`,
          value: phase.errors,
          unit: '',
          target: { max: 0 },
        });
        // Judged against the peak of the phase without an attack, which served the same other
        // users: the cloud's heap grows with their traffic alone (192 → 332 MB in 15 s at load
        // 1.5), and that growth is not the attacker's. The growth since the start is printed too.
        figures.push({
          label: `${what}: memory growth (peak rss − at start)`,
          value: phase.rssPeakMb - rssStart,
          unit: 'MB',
        });
        figures.push({
          label: `${what}: memory growth over alone (peak rss − alone's peak)`,
          value: phase.rssPeakMb - baseline.rssPeakMb,
          unit: 'MB',
          target: { max: 100 },
        });
      };
      row('alone', alone);
      row('(a) password flood', underFlood, alone);
      row('(b) 40 unread streams', underStreams, alone);
      const statuses = (counts: Record<string, number>) =>
        Object.entries(counts)
          .map(([status, count]) => `${count}× ${status}`)
          .join(', ');
      return {
        figures,
        notes: [
          `${process.env.ABUSE_DAYS ?? 7}-day demo seeded in ${(seeded.seedMs / 1000).toFixed(0)} s; ${PHASE_MS / 1000} s per phase; ` +
            `load average now ${loadavg()
              .map((v) => v.toFixed(1))
              .join(', ')}`,
          `other users' requests: alone ${alone.userinfo.length + alone.livez.length}, ` +
            `(a) ${underFlood.userinfo.length + underFlood.livez.length}, ` +
            `(b) ${underStreams.userinfo.length + underStreams.livez.length}`,
          `(a) the flood's answers: ${statuses(flood.counts)}`,
          `(b) the 40 streams' answers: ${statuses(streams.counts)}`,
          `cloud memory at start: rss ${rssStart.toFixed(0)} MB`,
          ...(
            [
              ['alone', alone],
              ['(a)', underFlood],
              ['(b)', underStreams],
            ] as const
          ).map(([what, phase]) => `${what}: ${memoryLine(phase)}`),
          'CPU is the cloud process’s (from /proc), not the load generator’s.',
        ],
      };
    } finally {
      child.kill('SIGTERM');
    }
  },
};

if (import.meta.main) await runStandalone(abuseBenchmark);
