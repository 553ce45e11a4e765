import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Epoch ms when the request was complete. */
  at: number;
}

/** What the receiver does with a request; the default answers 204. */
type Behaviour = (response: ServerResponse) => void;

export interface TestReceiver {
  url: string;
  port: number;
  received: Received[];
  behave(behaviour: Behaviour): void;
  /** Resolves when `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 (a free port) that records what push delivers to it. */
export async function startReceiver(
  path = '/hook',
  /** How long an idle kept-alive connection stays open (Node's default: 5 s). */
  keepAliveTimeoutMs?: number,
): Promise<TestReceiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let behaviour: Behaviour = (response) => response.writeHead(204).end();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      behaviour(response);
    });
  });
  if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    behave(next) {
      behaviour = next;
    },
    waitFor(count, timeoutMs = 5_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} deliveries, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
