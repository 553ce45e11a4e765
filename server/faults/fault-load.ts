import { availableParallelism, loadavg } from 'node:os';
import type { PushDelivery } from '../../contract/push.ts';
import type { TestReceiver } from '../test/receiver.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo admin's Basic header, with which the fault runs and drills read and set up. */
export const admin = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;

/** What clients got: every answer counted by kind. */
export class Tally {
  requests = 0;
  ok = 0;
  unavailable = 0;
  otherServerErrors = 0;
  /** 4xx, or no answer at all (the connection broke). */
  other = 0;
  readonly odd: string[] = [];

  count(status: number | 'no answer'): void {
    this.requests++;
    if (status === 200) this.ok++;
    else if (status === 503) this.unavailable++;
    else if (typeof status === 'number' && status >= 500) this.otherServerErrors++;
    else this.other++;
    if (status !== 200 && status !== 503 && this.odd.length < 10) this.odd.push(String(status));
  }
}

export interface Message {
  node: string;
  sensor: string;
  type: 'TEMP';
  ts: number;
  value: { ts: number; temperature: number };
}

export const reading = (node: string, sensor: string, ts: number): Message => ({
  node,
  sensor,
  type: 'TEMP',
  ts,
  value: { ts: Math.floor(ts / 1000), temperature: 4 },
});

/**
 * A gateway as a real one behaves: delivers batches one after the other, keeps a batch until the
 * cloud acknowledged it (a 503, a 5xx or a broken connection: the same batch again, a little
 * later), and remembers what was acknowledged.
 */
export class GatewayLoad {
  readonly tally = new Tally();
  /** Acknowledged timestamps per node. */
  readonly acknowledged = new Map<string, number[]>();
  private running: Promise<void> | undefined;
  private stopping = false;
  private next: number;
  private readonly base: string;
  private readonly credentials: string;
  private readonly nodes: readonly string[];

  constructor(base: string, credentials: string, nodes: readonly string[], firstTs: number) {
    this.base = base;
    this.credentials = credentials;
    this.nodes = nodes;
    this.next = firstTs;
  }

  start(): void {
    this.stopping = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const messages: Message[] = [];
      for (let i = 0; i < 10; i++) {
        const ts = this.next++;
        for (const node of this.nodes) messages.push(reading(node, 'temp', ts));
      }
      await this.deliver(messages);
      await sleep(25);
    }
  }

  /** Until acknowledged, bounded: a batch the cloud never takes within a minute fails the run. */
  async deliver(messages: readonly Message[]): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await send(this.base, this.credentials, messages);
      this.tally.count(status);
      if (status === 200) {
        for (const message of messages) {
          const list = this.acknowledged.get(message.node) ?? [];
          list.push(message.ts);
          this.acknowledged.set(message.node, list);
        }
        return;
      }
      // Stopping: a batch not acknowledged is given up (and not counted as acknowledged).
      if (this.stopping) return;
      if (Date.now() > deadline) throw new Error(`a batch was not acknowledged: ${status}`);
      await sleep(status === 503 ? 250 : 200);
    }
  }
}

/** A request that got no answer, or went out again: when (epoch ms), what and why. */
interface Trouble {
  at: number;
  request: string;
  reason: string;
}
/** Why requests got no answer, for the figures (the cause of a failed fetch is its reason). */
const noAnswers: Trouble[] = [];
/**
 * Requests sent again at once because the kept-alive connection they went out on was closed
 * before any answer came: what browsers and HTTP libraries do for an idempotent request;
 * ingestion is idempotent too. Counted, and printed with the figures.
 */
const staleConnections: Trouble[] = [];

/** 503 answers without Retry-After: a client would not know when to come back (issue 35). */
const unavailableWithoutRetryAfter: Trouble[] = [];

/** What went wrong between the clients and the balancer so far (the benchmark prints it). */
export const connectionTrouble = () => ({
  noAnswers,
  staleConnections,
  unavailableWithoutRetryAfter,
});

function noteUnavailable(answer: Response, request: string): void {
  if (answer.status === 503 && !answer.headers.get('retry-after')) {
    unavailableWithoutRetryAfter.push({ at: Date.now(), request, reason: 'no Retry-After' });
  }
}

/** port and path: the balancer's port or an instance's. */
const where = (url: string) => `:${new URL(url).port}${new URL(url).pathname}`;
const describe = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message ?? ''})` : ''}`;
};

/**
 * fetch within `timeoutMs`, once more (with a time of its own: the first attempt may have used
 * most of it) when the connection turned out closed before any answer came.
 */
async function fetchOnce(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const request = `${init.method ?? 'GET'} ${where(url)}`;
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    staleConnections.push({ at: Date.now(), request, reason: describe(error) });
    return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  }
}

export async function send(
  base: string,
  credentials: string,
  messages: readonly Message[],
): Promise<number | 'no answer'> {
  try {
    const answer = await fetchOnce(
      `${base}/v1/ingest`,
      {
        method: 'POST',
        headers: { authorization: credentials, 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
      },
      20_000,
    );
    noteUnavailable(answer, `POST ${where(`${base}/v1/ingest`)}`);
    const body = (await answer.json().catch(() => undefined)) as
      { rejected?: unknown[] } | undefined;
    if (answer.status === 200 && (body?.rejected?.length ?? 0) > 0) {
      throw new Error(`messages were rejected: ${JSON.stringify(body?.rejected)}`);
    }
    return answer.status;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('messages were rejected')) throw error;
    noAnswers.push({
      at: Date.now(),
      request: `POST ${where(`${base}/v1/ingest`)}`,
      reason: describe(error),
    });
    return 'no answer';
  }
}

/** People reading through the balancer: a listing, over and over. */
export class ReaderLoad {
  readonly tally = new Tally();
  private running: Promise<void> | undefined;
  private stopping = false;
  private readonly base: string;
  private readonly credentials: string;

  constructor(base: string, credentials: string) {
    this.base = base;
    this.credentials = credentials;
  }

  start(): void {
    this.stopping = false;
    this.running = (async () => {
      while (!this.stopping) {
        this.tally.count(
          await status(`${this.base}/v1/channels?channelType=NODE`, this.credentials),
        );
        await sleep(50);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}

export async function status(url: string, credentials?: string): Promise<number | 'no answer'> {
  try {
    const answer = await fetchOnce(
      url,
      {
        headers: credentials ? { authorization: credentials } : {},
      },
      10_000,
    );
    await answer.arrayBuffer();
    noteUnavailable(answer, `GET ${where(url)}`);
    return answer.status;
  } catch (error) {
    noAnswers.push({ at: Date.now(), request: `GET ${where(url)}`, reason: describe(error) });
    return 'no answer';
  }
}

/** Polls until `done` holds; false when `timeoutMs` passed first. */
export async function waitFor(done: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Timestamps of the events a receiver got for a channel, in arrival order. */
export function pushedTs(receiver: TestReceiver, channelUuid: string): number[] {
  return receiver.received.flatMap((r) => {
    const delivery = JSON.parse(r.body) as PushDelivery;
    return delivery.channelUuid === channelUuid ? delivery.events.map((e) => e.ts) : [];
  });
}

/** Lost: expected but missing. Duplicated: got more than once. */
export function compare(expected: Iterable<number>, got: readonly number[]) {
  const seen = new Set(got);
  let lost = 0;
  for (const ts of expected) if (!seen.has(ts)) lost++;
  return { lost, duplicated: got.length - seen.size };
}

export interface Figures {
  scenario: string;
  requests: number;
  unavailable: number;
  otherServerErrors: number;
  other: number;
  lost: number;
  duplicated: number;
  pushLost: number;
  pushDuplicated: number;
  /** Push lost/duplicated per push interval (seconds) of the scenario's channels. */
  pushByInterval?: Record<number, { lost: number; duplicated: number }>;
  recoveryMs: number | null;
  restarts: number;
}

function pushByInterval(r: Figures): string {
  const parts = Object.entries(r.pushByInterval ?? {}).map(
    ([interval, p]) => `interval ${interval}: ${p.lost}/${p.duplicated}`,
  );
  return parts.length > 0 ? ` (lost/duplicated ${parts.join(', ')})` : '';
}

export function printFigures(rows: readonly Figures[]): void {
  if (noAnswers.length > 0) console.log('requests without an answer:', noAnswers.slice(0, 10));
  console.log(
    `requests sent again on a kept-alive connection closed before any answer: ${staleConnections.length}`,
  );
  console.log(
    '\nfault suite (issue 17): requests through the balancer, and what became of them\n' +
      rows
        .map(
          (r) =>
            `${r.scenario.padEnd(38)} requests ${String(r.requests).padStart(5)}  503 ${String(r.unavailable).padStart(4)}  other 5xx ${r.otherServerErrors}  other ${r.other}  ` +
            `lost ${r.lost}  duplicated ${r.duplicated}  push lost ${r.pushLost}  push duplicated ${r.pushDuplicated}${pushByInterval(r)}  ` +
            `recovery ${r.recoveryMs === null ? '-' : `${r.recoveryMs} ms`}  restarts ${r.restarts}`,
        )
        .join('\n') +
      `\nload average (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} on ${availableParallelism()} cores`,
  );
}
