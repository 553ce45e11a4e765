import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenTestCloud } from '../test/listen.ts';
import { DEFAULT_LIMITS } from './limits.ts';

/** A raw connection to the cloud that writes `text` (maybe nothing) and keeps the line open. */
function hold(url: string, text: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(url).port) }, () => {
      if (text !== '') socket.write(text);
      resolve({ socket, closed });
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<string>((done) => socket.on('close', () => done(answer)));
    socket.on('error', reject);
  });
}

/** How long `cloud.close()` takes, bounded: a close that hangs fails instead of waiting. */
async function timedClose(close: () => Promise<void>): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('close did not end within 15 s')), 15_000);
  });
  try {
    await Promise.race([close(), limit]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - started;
}

describe('shutdown and the connections it finds', () => {
  it('closes at once a connection that never sent a request, or only half of one', async () => {
    const cloud = await listenTestCloud();
    const silent = await hold(cloud.url, '');
    const halfHeaders = await hold(cloud.url, 'GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A kept-alive connection between requests (Node closes these itself; still so).
    const kept = await hold(cloud.url, 'GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => kept.socket.bytesRead > 0).toBe(true);
    expect(cloud.connections.counts).toEqual({ open: 3, answering: 0 });
    const tookMs = await timedClose(() => cloud.close());
    // Before: close() waited until each client hung up (Node's fetch: 70 s; a raw socket: never).
    expect(tookMs).toBeLessThan(5_000);
    expect(await silent.closed).toBe('');
    expect(await halfHeaders.closed).toBe('');
    expect(await kept.closed).toMatch(/^HTTP\/1\.1 200/);
  });

  it('cuts a request still under way once the drain time (the request timeout) is up', async () => {
    const cloud = await listenTestCloud(() => ({
      limits: { ...DEFAULT_LIMITS, requestTimeoutMs: 1_000 },
    }));
    // Headers complete, body never: a request the server is answering (it waits for the body).
    const slow = await hold(
      cloud.url,
      'POST /auth/oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"grant_type":',
    );
    await expect.poll(() => cloud.connections.counts.answering).toBe(1);
    const tookMs = await timedClose(() => cloud.close());
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(5_000);
    await slow.closed;
    expect(slow.socket.destroyed).toBe(true);
  });
});
