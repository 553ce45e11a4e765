import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { buildApp, type Cloud } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openSqliteStore, type SqliteStore } from '../../server/store/sqlite/store.ts';
import { openPgStore } from '../../server/store/postgres/store.ts';
import type { Store } from '../../server/store/store.ts';
import { admin, startCluster } from '../../server/test/postgres-cluster.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedLarge, type LargeSeed } from '../../server/sim/seed-large.ts';
import { summarise, timeRuns, type Samples } from './bench.ts';

export interface LargeCloud<S extends Store = SqliteStore> extends Cloud {
  seed: LargeSeed;
  store: S;
  /**
   * GETs `path` as admin over HTTP `runs` times. `server` is the cloud's own measure of each
   * request (Fastify's responseTime: from the request's arrival to the last byte written);
   * `roundTrip` adds the client and the loopback network.
   */
  time(path: string, runs: number): Promise<Timings>;
}

export interface Timings {
  server: Samples;
  roundTrip: Samples;
  /**
   * CPU time of the cloud's main thread per request, answered in-process (Fastify inject, no
   * network): on a busy machine wall-clock times include waiting for a core, CPU time does not.
   * It is the main thread's because that is what a request occupies: Node answers requests on one
   * thread, while V8's garbage collector also works on helper threads beside it (counting those,
   * as process.cpuUsage() does, charged a request with work that did not hold the event loop).
   */
  cpu: Samples;
}

/** CPU milliseconds (user + system) of this thread spent in `work`. */
async function cpuTime(work: () => Promise<unknown>): Promise<number> {
  const before = process.threadCpuUsage();
  await work();
  const spent = process.threadCpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

let shared: Promise<LargeCloud> | undefined;
let cleanup: (() => Promise<void>) | undefined;
let sharedPg: Promise<LargeCloud<Store>> | undefined;
let cleanupPg: (() => Promise<void>) | undefined;

/** The same fleet on PostgreSQL, in a throw-away cluster (BENCH_PG_PORT, else a free port). */
export function largePgCloud(): Promise<LargeCloud<Store>> {
  sharedPg ??= (async () => {
    const cluster = await startCluster(
      process.env.BENCH_PG_PORT ? { port: Number(process.env.BENCH_PG_PORT) } : {},
    );
    await admin(cluster.url(), 'CREATE DATABASE bench');
    const store = await openPgStore({ url: cluster.url('bench'), poolSize: 10 });
    const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-pg-'));
    const cloud = await serve(store, dataDir);
    cleanupPg = async () => {
      await cloud.close();
      await store.close();
      cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return cloud;
  })();
  return sharedPg;
}

/**
 * One cloud with the large fleet (npm run seed:large's defaults) on a database file in a fresh
 * temporary folder, listening on 127.0.0.1, shared by the benchmarks that read it.
 */
export function largeCloud(): Promise<LargeCloud> {
  shared ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-'));
    const store = openSqliteStore(dataDir);
    const cloud = await serve(store, dataDir);
    cleanup = async () => {
      await cloud.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return cloud;
  })();
  return shared;
}

/** The large fleet seeded into `store`, served on 127.0.0.1, timed as LargeCloud says. */
async function serve<S extends Store>(
  store: S,
  dataDir: string,
): Promise<LargeCloud<S> & { close(): Promise<void> }> {
  const responseTimes: number[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      const match = /"responseTime":([\d.]+)/.exec(line);
      if (match) responseTimes.push(Number(match[1]));
    }
  });
  const config = testConfig({ dataDir, logLevel: 'debug' });
  const cloud = await buildApp({ store, config, logStream });
  const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
  const seed = await seedLarge(cloud.services, ids);
  console.log(
    `  (${store.engine}: seeded ${seed.nodes} nodes, ${seed.messages} messages in ${(seed.ms / 1000).toFixed(1)} s)`,
  );
  const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
  const authorization = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;
  return {
    ...cloud,
    seed,
    store,
    close: () => cloud.app.close(),
    async time(path, runs) {
      const get = async () => {
        const response = await fetch(`${address}${path}`, { headers: { authorization } });
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      };
      await get();
      // Let the log stream catch up, then keep only this run's measures.
      await new Promise((resolve) => setImmediate(resolve));
      const warmup = Math.ceil(runs / 10);
      const roundTrip = await timeRuns(get, runs, warmup);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const server = summarise(responseTimes.splice(0).slice(-runs));
      const inject = () =>
        cloud.app.inject({ method: 'GET', url: path, headers: { authorization } });
      const cpuSamples: number[] = [];
      for (let i = 0; i < runs; i++) cpuSamples.push(await cpuTime(inject));
      responseTimes.splice(0);
      return { server, roundTrip, cpu: summarise(cpuSamples) };
    },
  };
}

export async function closeLargeCloud(): Promise<void> {
  await cleanup?.();
  shared = undefined;
  cleanup = undefined;
  await cleanupPg?.();
  sharedPg = undefined;
  cleanupPg = undefined;
}
