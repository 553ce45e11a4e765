import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { openPgStore } from '../../server/store/postgres/store.ts';
import type { Store } from '../../server/store/store.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { benchGateways } from './bench-gateways.ts';
import { seedLarge } from '../../server/sim/seed-large.ts';

/**
 * A cloud for the ingestion benchmarks, in a process of its own so that the load generator does
 * not share its event loop: a fresh SQLite file, or the PostgreSQL database DATABASE_URL names.
 * Unless INGEST_SEED=off (a second instance on a database seeded already) it makes gateways and
 * commissioned nodes; with INGEST_FLEET=large, beside `npm run seed:large`'s fleet and its day of
 * history (10000 nodes), so that ingestion writes into indexes of a realistic size and the
 * group's day can be read. Prints one JSON line with its address, the gateways' keys and that
 * group, then serves until SIGTERM.
 */
const GATEWAYS = 4;
const INGEST_NODES = 500;

const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-ingest-'));
const url = process.env.DATABASE_URL;
const store: Store = url ? await openPgStore({ url, poolSize: 10 }) : openSqliteStore(dataDir);
// Instances of one database share SECRETS_KEY (as `npm run cluster` gives them one), else each
// would seal with the key of its own DATA_DIR and the second would refuse to start.
const secretsKey = process.env.SECRETS_KEY || null;
const cloud = await buildApp({
  store,
  config: testConfig({ dataDir, logLevel: 'warn', secretsKey }),
});
let gateways: { serial: string; key: string }[] = [];
/** The large fleet's benchmark group, whose day of history the read benchmarks ask for. */
let group: string | undefined;
if (process.env.INGEST_SEED !== 'off') {
  const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
  if (process.env.INGEST_FLEET === 'large')
    group = (await seedLarge(cloud.services, ids)).group.uuid;
  gateways = await store.transaction(async (tx) => {
    const { channels } = tx;
    const now = Date.now();
    for (let n = 1; n <= INGEST_NODES; n++) {
      const serial = `LOAD-${String(n).padStart(4, '0')}`;
      await channels.create({
        type: 'NODE',
        name: serial,
        tenant: 'demo',
        ownerId: ids.admin,
        reference: serial,
        now,
      });
    }
    return benchGateways(tx, { prefix: 'GW-LOAD', count: GATEWAYS, ownerId: ids.admin, now });
  });
}
const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address, gateways, nodes: INGEST_NODES, group }) + '\n');

process.on('SIGTERM', () => {
  void cloud.app.close().then(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
