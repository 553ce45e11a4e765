import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { HISTORY_COLUMNS_TYPE } from '../../contract/history-columns.ts';
import { HistoryEngine, type PageSource } from '../../src/lib/history-store/engine.ts';
import { measureCpu, type CpuShare } from '../../server/cluster-harness/cpu-meter.ts';
import { loadNow, runStandalone, wallClockCaveat, type Benchmark, type Figure } from './bench.ts';

/**
 * Issue 20 item 4: a month of a group. The demo (DEMO_DAYS, 30 by default: the issue's month of
 * Cold chain) in a cloud of its own process (listing-server.ts); this process loads the whole
 * range of the Cold chain group through the console's own history engine
 * (src/lib/history-store/engine.ts: a day per piece, 10000 items a request, three at a time),
 * once as the interface's list (the plain approach) and once as columns (Accept:
 * HISTORY_COLUMNS_TYPE, docs/decisions/0053-columnar-history.md), alternately, twice each. The
 * cloud's CPU is read from /proc; this process's own CPU is what the console's history worker
 * spends receiving, parsing and storing the answers.
 */
const DAYS = Number(process.env.DEMO_DAYS ?? 30);
const DAY = 86_400_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type Mode = 'list (plain)' | 'columns (ours)';

interface Load {
  mode: Mode;
  messages: number;
  requests: number;
  bytes: number;
  wallMs: number;
  shares: CpuShare[];
  load: string;
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['scripts/bench/listing-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, DEMO_DAYS: String(DAYS) },
  });
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const first = await new Promise<string>((resolve, reject) => {
    // Seeding a month of the demo on a shared machine takes minutes.
    const timer = setTimeout(
      () => reject(new Error('the cloud did not start in 20 min')),
      1_200_000,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`listing-server exited with ${code}`)));
  });
  return { child, url: (JSON.parse(first) as { url: string }).url };
}

const ADMIN = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;

async function coldChain(url: string): Promise<string> {
  const answer = await fetch(`${url}/v1/channels?channelType=GROUP`, {
    headers: { authorization: ADMIN },
  });
  if (!answer.ok) throw new Error(`listing answered ${answer.status}`);
  const groups = (await answer.json()) as { uuid: string; name: string }[];
  const group = groups.find((g) => g.name === 'Cold chain');
  if (!group) throw new Error('the demo has no Cold chain group');
  return group.uuid;
}

/** Loads the range through a fresh engine (an empty session cache), as a person opening it. */
async function loadRange(url: string, group: string, mode: Mode) {
  let requests = 0;
  let bytes = 0;
  const accept = mode === 'columns (ours)' ? HISTORY_COLUMNS_TYPE : 'application/json';
  const source: PageSource = async ({ channelUuid, from, to, count }, signal) => {
    const query = new URLSearchParams({ from: String(from), to: String(to), count: String(count) });
    const response = await fetch(`${url}/v1/channels/${channelUuid}/history?${query}`, {
      headers: { authorization: ADMIN, accept, 'accept-encoding': 'identity' },
      signal,
    });
    if (!response.ok) throw new Error(`history answered ${response.status}`);
    const text = await response.text();
    requests++;
    bytes += text.length;
    return JSON.parse(text) as unknown;
  };
  const engine = new HistoryEngine(source);
  const to = Date.now();
  const progress = await new Promise<{ status: string; messages: number }>((resolve) => {
    engine.open('month', group, { from: to - DAYS * DAY, to }, (p) => {
      if (p.status !== 'loading') resolve(p);
    });
  });
  if (progress.status !== 'done') throw new Error(`the month ended ${progress.status}`);
  return { messages: progress.messages, requests, bytes };
}

const CLOUD = 'cloud';
const CONSOLE = 'console engine (this process)';
const OTHERS = 'everything else on the machine';
const share = (load: Load, name: string) => load.shares.find((s) => s.name === name)?.cores ?? 0;
/** CPU milliseconds of `name` per 1000 messages loaded. */
const perThousand = (load: Load, name: string) =>
  (share(load, name) * load.wallMs * 1000) / load.messages;

function mean(loads: Load[], mode: Mode, of: (load: Load) => number): number {
  const mine = loads.filter((l) => l.mode === mode);
  return mine.reduce((sum, l) => sum + of(l), 0) / Math.max(1, mine.length);
}

export const historyMonthBenchmark: Benchmark = {
  name: 'history-month',
  description:
    `The ${DAYS}-day history of the demo's Cold chain group loaded through the console's history ` +
    'engine, as the list and as columns, against a cloud in a process of its own.',
  async run() {
    const { child, url } = await startServer();
    try {
      const group = await coldChain(url);
      const loads: Load[] = [];
      const modes: Mode[] = ['list (plain)', 'columns (ours)'];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so neither always meets a warmer cloud.
        for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
          const load = loadNow();
          const { result, shares, elapsedMs } = await measureCpu(
            [
              { name: CLOUD, pids: () => (child.pid ? [child.pid] : []) },
              { name: CONSOLE, pids: () => [process.pid] },
            ],
            () => loadRange(url, group, mode),
          );
          loads.push({ mode, ...result, wallMs: elapsedMs, shares, load });
        }
      }
      const first = loads[0];
      if (!first) throw new Error('no load was measured');
      const figures: Figure[] = [];
      for (const mode of modes) {
        const last = [...loads].reverse().find((l) => l.mode === mode) ?? first;
        const caveat = wallClockCaveat(mean(loads, mode, (l) => share(l, OTHERS)));
        figures.push(
          {
            label: `${mode}: cloud CPU per 1000 messages`,
            value: mean(loads, mode, (l) => perThousand(l, CLOUD)),
            unit: 'ms',
            meaning: 'from /proc of the cloud’s process (every thread), mean of the rounds',
          },
          {
            label: `${mode}: console engine CPU per 1000 messages`,
            value: mean(loads, mode, (l) => perThousand(l, CONSOLE)),
            unit: 'ms',
            meaning:
              'this process: receiving, parsing and storing as columns, what the console’s ' +
              'history worker does (the renderer’s drawing is not in it)',
          },
          {
            label: `${mode}: bytes per message (uncompressed)`,
            value: mean(loads, mode, (l) => l.bytes / l.messages),
            unit: 'B',
          },
          {
            label: `${mode}: the month on hand, wall`,
            value: mean(loads, mode, (l) => l.wallMs) / 1000,
            unit: 's',
            meaning:
              `${last.messages} messages in ${last.requests} requests; load average before the ` +
              `last round ${last.load}${caveat ? `; ${caveat}` : ''}`,
          },
        );
      }
      const ratio = (of: (l: Load) => number) =>
        mean(loads, 'list (plain)', of) / mean(loads, 'columns (ours)', of);
      figures.push(
        {
          label: 'plain / ours: console engine CPU',
          value: ratio((l) => perThousand(l, CONSOLE)),
          unit: '×',
          target: { min: 1.5 },
          meaning: 'measured in the same run, so it holds at any load',
        },
        { label: 'plain / ours: cloud CPU', value: ratio((l) => perThousand(l, CLOUD)), unit: '×' },
        { label: 'plain / ours: bytes', value: ratio((l) => l.bytes), unit: '×' },
      );
      return {
        figures,
        notes: [
          `${ROUNDS} rounds, list and columns alternating; load average now ${loadNow()}`,
          'plain approach: the interface’s list (an object per message) parsed and checked item ' +
            'by item into the engine’s columns, as the console did before',
        ],
      };
    } finally {
      child.kill('SIGTERM');
    }
  },
};

if (import.meta.url === `file://${process.argv[1]}`) await runStandalone(historyMonthBenchmark);
