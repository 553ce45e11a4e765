import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { STRONG_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedDemoFleet } from '../../server/sim/seed-demo.ts';

/**
 * The cloud of the abuse benchmark (scripts/bench/abuse.ts), in a process of its own so that the
 * attackers and the measuring clients do not share its event loop: a fresh SQLite file with the
 * demo fleet and ABUSE_DAYS (7) days of its history, the demo accounts hashed with the real
 * scrypt cost. Prints one JSON line (address, the Cold chain group's uuid) and serves until
 * SIGTERM. Asked "memory" over IPC, it answers process.memoryUsage(). With ABUSE_PROFILE_DIR set,
 * `{ profile: name }` starts a CPU profile of this process and `{ profiled: name }` writes it there
 * as <name>.cpuprofile (open it in Chrome's DevTools), so a phase can be profiled alone.
 */
const days = Number(process.env.ABUSE_DAYS ?? 7);
const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-abuse-'));
const store = openSqliteStore(dataDir);
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
const ids = await seedDemoAccounts(store.users, Date.now(), STRONG_SCRYPT);
const started = performance.now();
await seedDemoFleet(cloud.services, ids, { days });
const seedMs = performance.now() - started;
const coldChain = (await store.channels.listReachable(ids.fleet, 'GROUP')).find(
  (channel) => channel.name === 'Cold chain',
);
const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address, coldChain: coldChain?.uuid, seedMs }) + '\n');

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
