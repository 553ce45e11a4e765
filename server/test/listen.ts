import { createServer } from 'node:net';
import type { CloudConfig } from '../config.ts';
import { createTestCloud, type TestCloud } from './harness.ts';

export interface ListeningCloud extends TestCloud {
  /** Its public URL, where it listens: http://127.0.0.1:<port> */
  url: string;
}

/** A port the system has just handed out, so that the cloud's PUBLIC_URL can name it. */
function freePort(): Promise<number> {
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

/** A test cloud on a real socket, for clients that speak HTTP (OpenID client libraries). */
export async function listenTestCloud(
  overrides: (url: string) => Partial<CloudConfig> = () => ({}),
): Promise<ListeningCloud> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cloud = await createTestCloud({ publicUrl: url, ...overrides(url) });
  await cloud.app.listen({ port, host: '127.0.0.1' });
  return { ...cloud, url };
}
