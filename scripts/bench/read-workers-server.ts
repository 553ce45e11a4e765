import { readdirSync } from 'node:fs';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedDemoIfEmpty } from '../../server/sim/seed-demo.ts';
import { seedLarge } from '../../server/sim/seed-large.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';

/**
 * The cloud of the read-workers benchmark (read-workers.ts), in a process of its own so that
 * its threads' CPU is read from /proc: the SQLite file in DATA_DIR with READ_WORKERS read workers
 * (0: reads on the event loop). An empty DATA_DIR is seeded first: SEED=demo the 7-day demo (as
 * `npm start` seeds it), SEED=large the fleet of `npm run seed:large` (10,001 nodes). Prints one
 * JSON line (address) and serves until SIGTERM; answers "count" over IPC with its requests
 * answered and under way.
 */
const dataDir = process.env.DATA_DIR ?? '';
if (dataDir === '') throw new Error('DATA_DIR names the benchmark’s database folder');
const workers = Number(process.env.READ_WORKERS ?? 0);
const fresh = readdirSync(dataDir).length === 0;
const store = openSqliteStore(dataDir, workers);
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
if (fresh && process.env.SEED === 'large') {
  const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
  await seedLarge(cloud.services, ids);
} else if (fresh) {
  await seedDemoIfEmpty(cloud.services, cloud.app.log, { days: 7 });
}
const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address }) + '\n');

let started = 0;
let answered = 0;
cloud.app.server.on('request', (_request, response) => {
  started++;
  response.once('close', () => answered++);
});
process.on('message', () => process.send?.({ answered, inFlight: started - answered }));
process.on('SIGTERM', () => {
  void cloud.app.close().then(async () => {
    await store.close();
    process.exit(0);
  });
});
