import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface CloudProcess {
  origin: string;
  /** What the cloud logged so far (its warnings, say). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A cloud of its own for one spec (`node server/main.ts`) on 127.0.0.1:`port` with a fresh data
 * folder, the demo seeded and no live simulator; `env` configures the rest. Resolves once it
 * answers its ping (seeding the demo's week takes a while).
 */
export async function startCloud(port: number, env: Record<string, string>): Promise<CloudProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-e2e-cloud-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    if (lines.length < 2_000) lines.push(chunk.toString());
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the cloud on ${origin} stopped while starting:\n${lines.join('')}`);
    }
    try {
      if ((await fetch(`${origin}/v1/admin/ping`)).ok)
        return { origin, log: () => lines.join(''), stop };
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`the cloud on ${origin} did not answer within 240 s:\n${lines.join('')}`);
}
