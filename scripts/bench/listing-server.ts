import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { openPgStore } from '../../server/store/postgres/store.ts';
import type { Store } from '../../server/store/store.ts';
import { seedDemoIfEmpty } from '../../server/sim/seed-demo.ts';
import { ReachCache } from '../../server/reach-cache.ts';

/**
 * The cloud of the listing-load benchmark (listing-load.ts), in a process of its own so that its
 * CPU is read from /proc apart from the load generator's: a fresh SQLite file, or the empty
 * PostgreSQL database DATABASE_URL names, with the 7-day demo (DEMO_DAYS, as `npm start` seeds
 * it; never an empty cloud). Prints one JSON line (address,
 * channels) and serves until SIGTERM. Told "plain" over IPC it answers every listing with the
 * reach query and a fresh JSON build, as before the reach cache; "ours" puts the cache back.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-listing-'));
const databaseUrl = process.env.DATABASE_URL;
const store: Store =
  databaseUrl === undefined
    ? openSqliteStore(dataDir)
    : await openPgStore({ url: databaseUrl, poolSize: 10 });
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
const days = Number(process.env.DEMO_DAYS ?? 7);
if (!(days >= 1))
  throw new Error('the listing benchmark runs on the demo with history (DEMO_DAYS ≥ 1)');
await seedDemoIfEmpty(cloud.services, cloud.app.log, { days });
const ours = cloud.services.reach;
const plain = new ReachCache(store.channels, false);
const address = await cloud.app.listen({
  port: Number(process.env.LISTING_PORT ?? 0),
  host: '127.0.0.1',
});
process.stdout.write(JSON.stringify({ url: address }) + '\n');

// Requests answered and still under way, counted by the cloud itself: on a busy machine clients
// give up on requests the cloud goes on to answer, and their CPU is spent all the same.
let started = 0;
let answered = 0;
cloud.app.server.on('request', (_request, response) => {
  started++;
  response.once('close', () => answered++);
});

process.on('message', (message) => {
  if (message === 'plain' || message === 'ours') {
    cloud.services.reach = message === 'plain' ? plain : ours;
  }
  process.send?.({ answered, inFlight: started - answered });
});

process.on('SIGTERM', () => {
  void cloud.app.close().then(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
