import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { writeHeapSnapshot } from 'node:v8';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';

/**
 * The cloud of the abuse benchmark (scripts/bench/abuse.ts), in a process of its own so that the
 * attackers and the measuring clients do not share its event loop, started on a fresh SQLite file
 * that abuse-seed.ts filled in a process before it (the demo fleet with ABUSE_DAYS, 7, days of
 * its history; the demo accounts hashed with the real scrypt cost). Prints one JSON line (address, the Cold chain group's uuid) and serves until
 * SIGTERM. Asked "memory" over IPC, it answers process.memoryUsage(). With ABUSE_PROFILE_DIR set,
 * `{ profile: name }` starts a CPU profile of this process and `{ profiled: name }` writes it there
 * as <name>.cpuprofile (open it in Chrome's DevTools), so a phase can be profiled alone, and a
 * heap snapshot as <name>.heapsnapshot at the phase's end (the streams of (b) still open).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-abuse-'));
const seeding = spawnSync(process.execPath, ['scripts/bench/abuse-seed.ts', dataDir], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
  encoding: 'utf8',
});
const seedLine = seeding.stdout.split('\n').find((line) => line.startsWith('{'));
if (seeding.status !== 0 || seedLine === undefined) throw new Error('the seed failed');
const { coldChain, seedMs } = JSON.parse(seedLine) as { coldChain: string; seedMs: number };
const store = openSqliteStore(dataDir);
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address, coldChain, seedMs }) + '\n');

const profileDir = process.env.ABUSE_PROFILE_DIR;
const session = new Session();
process.on('message', (message: unknown) => {
  if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
  if (!profileDir || typeof message !== 'object' || message === null) return;
  if ('profile' in message) {
    session.connect();
    void session.post('Profiler.enable').then(() => session.post('Profiler.start'));
  }
  if ('profiled' in message) {
    void session.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(
        join(profileDir, `${String(message.profiled)}.cpuprofile`),
        JSON.stringify(profile),
      );
      session.disconnect();
      // What holds the memory at the end of the phase (the streams of (b) are still open).
      writeHeapSnapshot(join(profileDir, `${String(message.profiled)}.heapsnapshot`));
      process.send?.({ written: message.profiled });
    });
  }
});

process.on('SIGTERM', () => {
  void cloud.app.close().then(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
