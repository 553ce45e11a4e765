import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { DEFAULT_LIMITS, limitsFromEnv } from './limits.ts';

/** Sends `text` and never finishes the request: what the server answers and when it closes. */
function dawdle(cloud: ListeningCloud, text: string) {
  return new Promise<{ answer: string; afterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const { port } = new URL(cloud.url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
    socket.on('error', reject);
    // Bounded: a server that never closes fails the test instead of hanging it.
    setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 15_000);
  });
}

describe('request timeout', () => {
  let cloud: ListeningCloud;
  beforeAll(async () => {
    cloud = await listenTestCloud(() => ({
      limits: { ...DEFAULT_LIMITS, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 1_000 },
    }));
  });
  afterAll(() => cloud.close());

  it('closes a connection whose body does not arrive in time', async () => {
    const { answer, afterMs } = await dawdle(
      cloud,
      'POST /auth/oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"grant_type":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('The request did not arrive within 1000 ms (REQUEST_TIMEOUT_MS).');
    expect(afterMs).toBeLessThan(10_000);
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const { afterMs } = await dawdle(cloud, 'GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(afterMs).toBeLessThan(10_000);
  });

  it('closes an idle kept-alive connection', async () => {
    const { answer, afterMs } = await dawdle(
      cloud,
      'GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(afterMs).toBeLessThan(10_000);
  });

  it('settings: whole milliseconds above 0', () => {
    expect(limitsFromEnv({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5_000);
    expect(limitsFromEnv({}).requestTimeoutMs).toBe(30_000);
    expect(() => limitsFromEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => limitsFromEnv({ STREAMS_PER_USER: 'many' })).toThrow(/STREAMS_PER_USER/);
  });
});
