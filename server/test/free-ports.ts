import { createServer } from 'node:net';

/** Four free ports in a row on loopback: a cluster's balancer's, then its three instances'. */
export async function freePorts(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below Linux's ephemeral ports (32768 and up), which PostgreSQL and its checks take.
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const all = await Promise.all([0, 1, 2, 3].map((i) => free(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error('no four free ports in a row');
}

/** A port the system has just handed out on loopback (nobody listens on it now). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
