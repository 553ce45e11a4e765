import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { DEFAULT_LIMITS } from '../../server/http/limits.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { benchGateways } from './bench-gateways.ts';

/**
 * The cloud of the live-streams benchmark (scripts/bench/live-streams.ts), in a process of its
 * own so that the clients and the gateways do not share its event loop: a fresh SQLite file with
 * LIVE_NODES nodes in groups of LIVE_GROUP_SIZE and four gateways, owned by admin. Prints one JSON
 * line (address, gateway keys, group and node uuids) and serves until SIGTERM. Asked "memory" over
 * IPC, it collects garbage (run it with --expose-gc) and answers process.memoryUsage() with the
 * number of open streams.
 */
const NODES = Number(process.env.LIVE_NODES ?? 100);
const GROUP_SIZE = Number(process.env.LIVE_GROUP_SIZE ?? 5);
const GATEWAYS = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-live-'));
const store = openSqliteStore(dataDir);
// Every reader signs in as admin: the per-user shares (20 streams, 4 history requests at once)
// would refuse the benchmark's 500 readers, so they are raised to hold them all.
const limits = { ...DEFAULT_LIMITS, streamsPerUser: 10_000, historyPerUser: 10_000 };
const cloud = await buildApp({
  store,
  config: testConfig({ dataDir, logLevel: 'warn', limits }),
});
const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
const seeded = await store.transaction(async (tx) => {
  const { channels, groups } = tx;
  const now = Date.now();
  const nodes: { serial: string; uuid: string }[] = [];
  const groupUuids: string[] = [];
  let group: { id: number } | undefined;
  for (let n = 1; n <= NODES; n++) {
    if ((n - 1) % GROUP_SIZE === 0) {
      const made = await channels.create({
        type: 'GROUP',
        name: `Live group ${groupUuids.length + 1}`,
        tenant: 'demo',
        ownerId: ids.admin,
        now,
      });
      groupUuids.push(made.uuid);
      group = made;
    }
    const serial = `LIVE-${String(n).padStart(4, '0')}`;
    const node = await channels.create({
      type: 'NODE',
      name: serial,
      tenant: 'demo',
      ownerId: ids.admin,
      reference: serial,
      now,
    });
    if (group) await groups.addMember(group.id, node.id, now);
    nodes.push({ serial, uuid: node.uuid });
  }
  const gateways = await benchGateways(tx, {
    prefix: 'GW-LIVE',
    count: GATEWAYS,
    ownerId: ids.admin,
    now,
  });
  return { nodes, groups: groupUuids, gateways };
});
const port = Number(process.env.LIVE_PORT ?? 0);
const address = await cloud.app.listen({ port, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address, ...seeded }) + '\n');

const collect = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message !== 'memory') return;
  collect?.();
  process.send?.({ memory: process.memoryUsage(), streams: cloud.services.live.size });
});

process.on('SIGTERM', () => {
  void cloud.app.close().then(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
