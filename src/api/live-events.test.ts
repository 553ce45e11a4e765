// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slice, testUuid } from '../test/fake-history.ts';
import { configureApiClient } from './client.ts';
import { followLiveEvents, type LiveState } from './live-events.ts';

const CLOUD = 'https://cloud.example';
const reading = (ts: number) =>
  slice({ nodeUuid: testUuid(2), nodeName: 'Van 1', ts, type: 'TEMP', value: { temperature: 4 } });
const message = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const opened = message('open', { replayed: 'none', missed: false });

interface Connection {
  url: string;
  headers: Record<string, string>;
  push(text: string): void;
  close(): void;
  aborted: boolean;
}

/** A cloud whose every answer is a stream the test writes to, connection by connection. */
function cloud(answer: (n: number) => Response | 'stream' = () => 'stream') {
  const connections: Connection[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const n = connections.length;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const connection: Connection = {
      url: String(input),
      headers: init.headers as Record<string, string>,
      push: (text) => controller.enqueue(new TextEncoder().encode(text)),
      close: () => controller.close(),
      aborted: false,
    };
    init.signal?.addEventListener('abort', () => {
      connection.aborted = true;
      controller.error(init.signal?.reason);
    });
    connections.push(connection);
    const given = answer(n);
    if (given !== 'stream') return given;
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return connections;
}

let token = 'access-1';
beforeEach(() => {
  token = 'access-1';
  configureApiClient({
    baseUrl: CLOUD,
    authorization: async () => `Bearer ${token}`,
    onUnauthorized: () => undefined,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  configureApiClient(null);
});

/** Gives the client a moment to read what was written so far (a message split across reads). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Waits, boundedly, for what the client does in its own time on a shared machine. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

function follow(path = '/v1/events', options: { since?: number } = {}) {
  const states: LiveState[] = [];
  const batches: number[][] = [];
  const stop = followLiveEvents(
    path,
    {
      onTimeslices: (items) => batches.push(items.map((item) => item.ts)),
      onOpen: () => undefined,
      onState: (state) => states.push(state),
    },
    options,
  );
  return { states, batches, stop };
}

describe('following a live stream', () => {
  it('sends the token in the Authorization header, never in the URL, and hands on each batch', async () => {
    const connections = cloud();
    const { states, batches, stop } = follow('/v1/events', { since: 1000 });
    await until(() => expect(connections).toHaveLength(1));
    const [first] = connections;
    expect(first?.url).toBe(`${CLOUD}/v1/events?since=1000`);
    expect(first?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      Accept: 'text/event-stream',
    });
    expect(first?.url).not.toContain('access-1');
    first?.push(message('timeslices', [reading(1500)], '7-1500'));
    first?.push(opened);
    // A message split across chunks is put together.
    const split = message('timeslices', [reading(2000), reading(2001)], '8-2000');
    first?.push(split.slice(0, 25));
    await settle();
    first?.push(split.slice(25));
    await until(() => expect(batches).toEqual([[1500], [2000, 2001]]));
    expect(states.map((s) => s.kind)).toEqual(['connecting', 'live']);
    stop();
    await until(() => expect(first?.aborted).toBe(true));
  });

  it('reconnects after a drop with Last-Event-ID, waiting longer each time, and loses nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The jitter at its top: each wait is the whole step (1 s, then 2 s).
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    const connections = cloud();
    const { states, batches } = follow('/v1/events', { since: 1000 });
    await tick(10);
    connections[0]?.push(message('timeslices', [reading(1500)], '7-1500') + opened);
    await tick(10);
    connections[0]?.close();
    await tick(10);
    expect(states.at(-1)).toEqual({ kind: 'reconnecting', reason: 'the stream ended' });
    await tick(900);
    expect(connections).toHaveLength(1);
    await tick(200);
    expect(connections).toHaveLength(2);
    // The reconnect asks for what came after the last id, not `since` again.
    expect(connections[1]?.url).toBe(`${CLOUD}/v1/events`);
    expect(connections[1]?.headers['Last-Event-ID']).toBe('7-1500');
    // It drops again before saying open: the next wait is twice as long.
    connections[1]?.close();
    await tick(1_900);
    expect(connections).toHaveLength(2);
    await tick(200);
    expect(connections).toHaveLength(3);
    expect(connections[2]?.headers['Last-Event-ID']).toBe('7-1500');
    // What the cloud replays after that id arrives like any batch.
    connections[2]?.push(message('timeslices', [reading(1600)], '8-1600') + opened);
    await tick(10);
    expect(batches).toEqual([[1500], [1600]]);
    expect(states.at(-1)).toEqual({ kind: 'live' });
  });

  it('draws each wait from the upper half of its step, so that clients dropped together spread out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const connections = cloud();
    const { states } = follow();
    await vi.advanceTimersByTimeAsync(10);
    connections[0]?.close();
    await vi.advanceTimersByTimeAsync(10);
    expect(states.at(-1)).toEqual({ kind: 'reconnecting', reason: 'the stream ended' });
    await vi.advanceTimersByTimeAsync(400);
    expect(connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(connections).toHaveLength(2);
  });

  it('comes back within a second, not at once, when the cloud ends the stream for a restart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const connections = cloud();
    const { states } = follow();
    await vi.advanceTimersByTimeAsync(10);
    connections[0]?.push(
      opened +
        message('end', {
          status: 'SERVICE_UNAVAILABLE',
          reason: 'shutdown',
          message: 'The cloud is restarting.',
        }),
    );
    connections[0]?.close();
    await vi.advanceTimersByTimeAsync(10);
    expect(states.at(-1)).toEqual({ kind: 'reconnecting', reason: 'shutdown' });
    await vi.advanceTimersByTimeAsync(400);
    expect(connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(connections).toHaveLength(2);
  });

  it('resumes at once with the new token when the cloud ends the stream for an expired one', async () => {
    const connections = cloud();
    const { states } = follow('/v1/channels/abc/events');
    await until(() => expect(connections).toHaveLength(1));
    connections[0]?.push(opened + message('timeslices', [reading(1500)], '9-1500'));
    token = 'access-2';
    connections[0]?.push(
      message('end', {
        status: 'UNAUTHORIZED',
        reason: 'token-expired',
        message: 'The access token expired.',
      }),
    );
    connections[0]?.close();
    await until(() => expect(connections).toHaveLength(2));
    expect(connections[1]?.headers).toMatchObject({
      Authorization: 'Bearer access-2',
      'Last-Event-ID': '9-1500',
    });
    expect(states.map((s) => s.kind)).toEqual(['connecting', 'live', 'reconnecting']);
  });

  it('stops, saying why, when the cloud refuses the stream, and never asks again', async () => {
    const connections = cloud(() =>
      Response.json(
        {
          status: 'FORBIDDEN',
          message: 'Reading this group’s history needs READ on groups.history.',
        },
        { status: 403 },
      ),
    );
    const { states } = follow('/v1/channels/abc/events');
    await until(() => expect(states.at(-1)).toMatchObject({ kind: 'refused' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    expect(connections).toHaveLength(1);
  });

  it('takes a stream that went silent (no heartbeat) for dead, and reconnects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const connections = cloud();
    const { states } = follow();
    await vi.advanceTimersByTimeAsync(10);
    connections[0]?.push(opened);
    await vi.advanceTimersByTimeAsync(44_000);
    expect(connections[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connections[0]?.aborted).toBe(true);
    expect(states.at(-1)?.kind).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connections).toHaveLength(2);
  });
});
