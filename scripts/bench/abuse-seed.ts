import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { STRONG_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedDemoFleet } from '../../server/sim/seed-demo.ts';

/**
 * Seeds the abuse benchmark's database (scripts/bench/abuse-server.ts) in DATA_DIR given as the
 * first argument: the demo accounts hashed with the real scrypt cost and the demo fleet with
 * ABUSE_DAYS (7) days of its history. Prints one JSON line (the Cold chain group's uuid, the
 * seed's time) and exits. A process of its own, so that the cloud starts on the data as after a
 * restart: the seed's heap is not the cloud's, and memory growth under attack is measured from
 * what a running cloud holds.
 */
const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: abuse-seed.ts <data dir>');
const days = Number(process.env.ABUSE_DAYS ?? 7);
const store = openSqliteStore(dataDir);
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
const ids = await seedDemoAccounts(store.users, Date.now(), STRONG_SCRYPT);
const started = performance.now();
await seedDemoFleet(cloud.services, ids, { days });
const seedMs = performance.now() - started;
const coldChain = (await store.channels.listReachable(ids.fleet, 'GROUP')).find(
  (channel) => channel.name === 'Cold chain',
);
await cloud.app.close();
await store.close();
process.stdout.write(JSON.stringify({ coldChain: coldChain?.uuid, seedMs }) + '\n');
process.exit(0);
