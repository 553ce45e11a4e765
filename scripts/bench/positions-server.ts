import { readdirSync } from 'node:fs';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { benchSerial, seedLarge } from '../../server/sim/seed-large.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { openPgStore } from '../../server/store/postgres/store.ts';
import type { Store } from '../../server/store/store.ts';

/**
 * The cloud of the positions benchmark (positions.ts), in a process of its own so that its CPU
 * is read from /proc: PostgreSQL at DATABASE_URL, else the SQLite file in DATA_DIR, seeded with
 * the large fleet (`npm run seed:large`: 10,001 nodes) when empty. Prints one JSON line (address)
 * and serves until SIGTERM. Over IPC, "plain" answers positions the old way (two index seeks per
 * sensor, every request) and "kept" from memory (server/positions/kept-positions.ts): both ways
 * in one process, on the same warm database; "touch" ingests one reading of the next node.
 */
const dataDir = process.env.DATA_DIR ?? '';
if (dataDir === '') throw new Error('DATA_DIR names the benchmark’s data folder');
const databaseUrl = process.env.DATABASE_URL;
// Asked before the store opens: opening SQLite makes its file.
const emptyDir = readdirSync(dataDir).length === 0;
const store: Store =
  databaseUrl === undefined
    ? openSqliteStore(dataDir, Number(process.env.READ_WORKERS ?? 0))
    : await openPgStore({ url: databaseUrl, poolSize: 10 });
const fresh =
  databaseUrl === undefined ? emptyDir : (await store.users.findByUsername('admin')) === undefined;
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
const seeded = fresh
  ? await seedLarge(cloud.services, await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT))
  : undefined;
const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address }) + '\n');

let touched = 0;
process.on('message', (mode) => {
  if (mode === 'touch') {
    // One node's reading, as a gateway's would arrive between two requests of a console.
    if (seeded === undefined) throw new Error('touch needs a fleet seeded by this process');
    const node = benchSerial(1 + (touched++ % 10_000));
    const ts = Date.now();
    const value = { ts: Math.floor(ts / 1000), temperature: 5 };
    void cloud.services.ingestion
      .ingest(seeded.gateway, [{ node, sensor: 'temp', type: 'TEMP', ts, value }])
      .then(() => process.send?.({ mode }));
    return;
  }
  cloud.services.positions.enabled = mode === 'kept';
  process.send?.({ mode });
});
process.on('SIGTERM', () => {
  void cloud.app.close().then(async () => {
    await store.close();
    process.exit(0);
  });
});
