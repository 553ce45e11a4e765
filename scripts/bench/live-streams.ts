import { spawn, type ChildProcess, type Serializable } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { measureCpu, type CpuShare } from '../../server/cluster-harness/cpu-meter.ts';
import { loadNow, runStandalone, wallClockCaveat, type Benchmark, type Figure } from './bench.ts';

/**
 * Issues 12 and 20: 500 live streams on one instance while gateways deliver 2,000 messages a
 * second. Four processes: the cloud (live-server.ts), the readers (live-readers.ts: raw sockets,
 * no JSON parse but a checked sample), the gateways (live-gateways.ts: a batch every 100 ms each,
 * every reading timed at the moment it is sent) and this one, which only starts them and reads
 * their CPU from /proc. A reading's latency is its arrival at a reader minus its ts. The run
 * checks that the generator was not the limit: the gateways offered the asked rate and the
 * readers' event loop had time to spare. The plain approach, measured the same way in the same
 * run: the same readers each polling the channel's history every second (a console without
 * streams). LIVE_PROFILE=<dir> writes a CPU profile of the cloud's process there.
 */
const STREAMS = Number(process.env.LIVE_STREAMS ?? 500);
const RATE = Number(process.env.LIVE_RATE ?? 2_000);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const GATEWAY_EVERY_MS = 100;
const POLL_MS = 1_000;
/** The readers' event loop busier than this, their clock of arrival lags: they are the limit. */
const READERS_MAX_UTILIZATION = 0.8;

const CLOUD = 'cloud';
const READERS = 'readers';
const GATEWAYS = 'gateways';
const OTHERS = 'everything else on the machine';

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

interface ReadersReport {
  p50: number;
  p99: number;
  received: number;
  requests: number;
  eventLoopUtilization: number;
  sampled: number;
  sampleMismatches: number;
  errors: string[];
}

interface GatewaysReport {
  offered: number;
  accepted: number;
  failed: number;
  heldBack: number;
  seconds: number;
  answerP99: number;
}

/** A report as IPC delivers it: JSON, where NaN becomes null. */
type Wire<T> = Omit<T, 'p50' | 'p99' | 'answerP99'> & {
  [K in keyof T & ('p50' | 'p99' | 'answerP99')]: number | null;
};

interface Phase {
  readers: ReadersReport;
  gateways: GatewaysReport;
  shares: CpuShare[];
  seconds: number;
  load: string;
  openMemory?: { before: Memory; after: Memory };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

async function startCloud(): Promise<{ child: ChildProcess; seeded: Seeded }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.LIVE_PROFILE
        ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.LIVE_PROFILE]
        : []),
      '--expose-gc',
      script('live-server.ts'),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, LIVE_PORT: process.env.BENCH_PORT ?? '0' },
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, seeded: JSON.parse(line) as Seeded };
  }
  throw new Error('the benchmark cloud did not start');
}

/** A helper process of the generator (readers or gateways), driven over IPC. */
export function helper(name: string): ChildProcess {
  return spawn(process.execPath, [script(name)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export function reply<T>(
  child: ChildProcess,
  ask: Serializable,
  done: (message: unknown) => boolean,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a benchmark process did not answer')), 60_000);
    const listen = (message: unknown) => {
      if (!done(message)) return;
      clearTimeout(timer);
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
    child.send(ask);
  });
}

const memoryOf = (cloud: ChildProcess) =>
  reply<Memory>(cloud, 'memory', (m) => typeof m === 'object' && m !== null && 'memory' in m);
export const isDone = (m: unknown) => typeof m === 'object' && m !== null && 'done' in m;

/** Waits (at most two minutes) until the readers have opened every stream or client. */
export async function opened(readers: ChildProcess, wanted: number): Promise<void> {
  let count = 0;
  let errors = 0;
  let first = '';
  const listen = (message: unknown) => {
    const progress = message as { opened?: number; errors?: number; first?: string };
    count = progress.opened ?? count;
    errors = progress.errors ?? errors;
    first = progress.first ?? first;
  };
  readers.on('message', listen);
  try {
    const deadline = Date.now() + 120_000;
    while (count < wanted) {
      if (errors > 0) throw new Error(`${errors} readers failed to start, the first: ${first}`);
      if (Date.now() > deadline) throw new Error(`only ${count} of ${wanted} readers started`);
      await sleep(200);
    }
  } finally {
    readers.off('message', listen);
  }
}

async function runPhase(
  seeded: Seeded,
  cloud: ChildProcess,
  mode: 'streams' | 'polling',
  paths: string[],
): Promise<Phase> {
  const before = await memoryOf(cloud);
  const readers = helper('live-readers.ts');
  const gateways = helper('live-gateways.ts');
  try {
    readers.send({
      url: seeded.url,
      authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`,
      mode,
      paths,
      pollMs: POLL_MS,
    });
    await opened(readers, paths.length);
    const after = mode === 'streams' ? await memoryOf(cloud) : undefined;
    // On a busy machine a process takes seconds to load: the warm-up starts with the first batch.
    await reply(
      gateways,
      {
        url: seeded.url,
        rate: RATE,
        everyMs: GATEWAY_EVERY_MS,
        nodes: seeded.nodes,
        gateways: seeded.gateways,
      },
      (m) => typeof m === 'object' && m !== null && 'started' in m,
    );
    await sleep(WARMUP_SECONDS * 1000);
    const load = loadNow();
    const { shares, elapsedMs } = await measureCpu(
      [
        { name: CLOUD, pids: () => [cloud.pid ?? 0] },
        { name: READERS, pids: () => [readers.pid ?? 0] },
        { name: GATEWAYS, pids: () => [gateways.pid ?? 0] },
        { name: 'this process (starts and counts)', pids: () => [process.pid] },
      ],
      async () => {
        readers.send('measure');
        gateways.send('measure');
        await sleep(SECONDS * 1000);
      },
    );
    const [readersWire, gatewaysWire] = await Promise.all([
      reply<Wire<ReadersReport>>(readers, 'report', isDone),
      reply<Wire<GatewaysReport>>(gateways, 'report', isDone),
    ]);
    // IPC carries JSON: a quantile of nothing (NaN) arrives as null.
    const readersReport: ReadersReport = {
      ...readersWire,
      p50: readersWire.p50 ?? NaN,
      p99: readersWire.p99 ?? NaN,
    };
    const gatewaysReport: GatewaysReport = {
      ...gatewaysWire,
      answerP99: gatewaysWire.answerP99 ?? NaN,
    };
    return {
      readers: readersReport,
      gateways: gatewaysReport,
      shares,
      seconds: elapsedMs / 1000,
      load,
      ...(after ? { openMemory: { before, after } } : {}),
    };
  } finally {
    readers.kill('SIGTERM');
    gateways.kill('SIGTERM');
  }
}

const cores = (phase: Phase, name: string) => phase.shares.find((s) => s.name === name)?.cores ?? 0;
const offeredRate = (phase: Phase) => phase.gateways.offered / phase.gateways.seconds;
/** The cloud's CPU ms per reading delivered to a reader. */
const cloudMsPerDelivered = (phase: Phase) =>
  phase.readers.received > 0
    ? (cores(phase, CLOUD) * phase.seconds * 1000) / phase.readers.received
    : NaN;

/** Why the generator may have been the limit of a phase, or undefined when it was not. */
function generatorLimit(phase: Phase): string | undefined {
  const reasons: string[] = [];
  // Batches held back by 8 unanswered ones are the cloud's doing: ingestion is then judged.
  if (offeredRate(phase) < RATE * 0.98 && phase.gateways.heldBack === 0) {
    reasons.push(`the gateways offered ${offeredRate(phase).toFixed(0)} of ${RATE} msg/s`);
  }
  if (phase.readers.eventLoopUtilization > READERS_MAX_UTILIZATION) {
    const busy = (phase.readers.eventLoopUtilization * 100).toFixed(0);
    reasons.push(`the readers' event loop was ${busy} % busy`);
  }
  return reasons.length > 0 ? `the generator was the limit: ${reasons.join('; ')}` : undefined;
}

function phaseFigures(phase: Phase, name: string, judged: boolean): Figure[] {
  const caveat = wallClockCaveat(cores(phase, OTHERS)) ?? generatorLimit(phase);
  const wallTarget = (target: Figure['target']) =>
    judged ? { target, wall: true as const, ...(caveat ? { notJudged: caveat } : {}) } : {};
  const received = phase.readers.received / phase.seconds;
  return [
    {
      label: `${name}: delivery latency p50`,
      value: phase.readers.p50,
      unit: 'ms',
      ...wallTarget({ max: 100 }),
      meaning: `load average before ${phase.load}`,
    },
    {
      label: `${name}: delivery latency p99`,
      value: phase.readers.p99,
      unit: 'ms',
      ...wallTarget({ max: 250 }),
      ...(caveat ? { meaning: caveat } : {}),
    },
    { label: `${name}: readings delivered to readers`, value: received, unit: '/s' },
    {
      label: `${name}: cloud CPU per 1000 delivered readings`,
      value: cloudMsPerDelivered(phase) * 1000,
      unit: 'ms',
      meaning: 'from /proc of the cloud’s process (every thread); stable under load',
    },
    {
      label: `${name}: cloud CPU per ingested message`,
      value:
        phase.gateways.accepted > 0
          ? (cores(phase, CLOUD) * phase.seconds * 1000) / phase.gateways.accepted
          : NaN,
      unit: 'ms',
      meaning: 'storing it and delivering it to every reader that follows it',
    },
    {
      label: `${name}: offered by the gateways`,
      value: offeredRate(phase),
      unit: 'msg/s',
      ...(judged ? { target: { min: RATE * 0.98 } } : {}),
      // Held back by the cloud's slow answers, the rate says nothing of the generator.
      ...(judged && phase.gateways.heldBack > 0 && offeredRate(phase) < RATE * 0.98
        ? { notJudged: 'the cloud held batches back; ingestion is judged below' }
        : {}),
      meaning:
        phase.gateways.heldBack > 0
          ? `${phase.gateways.heldBack} batches waited for the cloud to answer 8 in flight`
          : 'the generator offers the asked rate, or the run measures the generator',
    },
    {
      label: `${name}: ingestion requests refused or failed`,
      value: phase.gateways.failed,
      unit: '',
      ...(judged ? { target: { max: 0 } } : {}),
    },
    {
      label: `${name}: ingested (stored)`,
      value: phase.gateways.accepted / phase.gateways.seconds,
      unit: 'msg/s',
      ...wallTarget({ min: RATE * 0.98 }),
    },
    { label: `${name}: ingestion answer p99`, value: phase.gateways.answerP99, unit: 'ms' },
    {
      label: `${name}: cores: cloud / readers / gateways / others`,
      value: cores(phase, CLOUD),
      unit: 'cores',
      meaning:
        [CLOUD, READERS, GATEWAYS, OTHERS].map((n) => cores(phase, n).toFixed(2)).join(' / ') +
        `; readers' event loop ${(phase.readers.eventLoopUtilization * 100).toFixed(0)} % busy`,
    },
  ];
}

export const liveStreamsBenchmark: Benchmark = {
  name: 'live-streams',
  description:
    `Issues 12, 20: ${STREAMS} live streams on one instance (group and node channels) while ` +
    `four gateways deliver ${RATE} messages/s; delivery latency from the gateway's send to the ` +
    'reader, cloud CPU per delivered reading, the generator checked; beside it the same readers ' +
    'polling history every second (the plain approach).',
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
      for (const phase of [streams, polling]) {
        if (phase.readers.sampleMismatches > 0) {
          throw new Error(
            `the readers' scan disagreed with JSON.parse on ${phase.readers.sampleMismatches} ` +
              `of ${phase.readers.sampled} sampled events`,
          );
        }
      }
      const figures: Figure[] = [
        ...phaseFigures(streams, 'streams', true),
        {
          label: 'memory per open stream (heap)',
          value: perStream((m) => m.heapUsed),
          unit: 'KiB',
        },
        { label: 'memory per open stream (RSS)', value: perStream((m) => m.rss), unit: 'KiB' },
        ...phaseFigures(polling, 'plain (poll history 1/s)', false),
        {
          label: 'plain: history requests',
          value: polling.readers.requests / polling.seconds,
          unit: '/s',
        },
        {
          label: 'plain / streams, cloud CPU per delivered reading',
          value: cloudMsPerDelivered(polling) / cloudMsPerDelivered(streams),
          unit: '×',
        },
        {
          label: 'plain / streams, latency p99',
          value: polling.readers.p99 / streams.readers.p99,
          unit: '×',
        },
      ];
      const notes = [
        `Streams open on the instance when measured: ${memory?.after.streams ?? '?'}.`,
        `Readers parsed ${streams.readers.sampled + polling.readers.sampled} sampled events as ` +
          'JSON; the scan agreed with every one.',
        ...[...streams.readers.errors, ...polling.readers.errors].map((e) => `reader error: ${e}`),
      ];
      return { figures, notes };
    } finally {
      child.kill('SIGTERM');
      await sleep(500);
    }
  },
};

if (import.meta.main) await runStandalone(liveStreamsBenchmark);
