import { spawn, type ChildProcess } from 'node:child_process';
import { admin } from './fault-load.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-ports.ts';
import { TestEventStream } from '../test/event-stream.ts';

/** Polls `probe` (bounded) until it gives something. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 35, a graceful stop (docs/decisions/0181-rolling-upgrades.md): the real process
 * (`server/main.ts`) on SIGTERM answers /readyz 503 with Retry-After at once while it still
 * serves the API for SHUTDOWN_DRAIN_MS, then ends its live streams with `shutdown` (reconnect
 * elsewhere with Last-Event-ID) and exits 0.
 */
describe('SIGTERM', () => {
  let child: ChildProcess;
  let url = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-stop-'));
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['server/main.ts'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DAYS: '0',
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '2000',
      },
    });
    await until(
      async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined),
      'the instance to be ready',
    );
  }, 90_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns /readyz 503 first while still serving, then ends streams with shutdown and exits 0', async () => {
    const stream = await TestEventStream.open(`${url}/v1/events`, { authorization: admin });
    expect(stream.status).toBe(200);
    await stream.take('open', 10_000);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const stopped = Date.now();
    child.kill('SIGTERM');
    const ready = await until(async () => {
      const answer = await fetch(`${url}/readyz`);
      return answer.status === 503 ? answer : undefined;
    }, '/readyz to answer 503');
    expect(ready.headers.get('retry-after')).toBe('2');
    // Still serving while the balancer takes it out.
    const served = await fetch(`${url}/v1/channels`, { headers: { authorization: admin } });
    expect(served.status).toBe(200);
    expect(Date.now() - stopped).toBeLessThan(2_000);
    expect(stream.closed).toBe(false);
    const end = await stream.take('end', 20_000);
    expect(end.data).toMatchObject({ reason: 'shutdown', status: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(2_000);
    expect(await exited).toBe(0);
  }, 60_000);
});
