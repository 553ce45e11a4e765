import type { CloudConfig } from '../config.ts';
import { createTestCloud, type TestCloud } from './harness.ts';
import { freePort } from './free-ports.ts';

export interface ListeningCloud extends TestCloud {
  /** Its public URL, where it listens: http://127.0.0.1:<port> */
  url: string;
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
