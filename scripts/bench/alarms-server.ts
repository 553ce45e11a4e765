import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { DEFAULT_LIMITS } from '../../server/http/limits.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedLarge } from '../../server/sim/seed-large.ts';
import { benchGateways } from './bench-gateways.ts';
import { firstPages } from './alarms-pages.ts';

/**
 * The cloud of the alarms benchmark (scripts/bench/alarms.ts), in a process of its own so that
 * its CPU is read from /proc apart from the gateways' and the readers': a fresh SQLite file with
 * `npm run seed:large`'s fleet (10,000 nodes and a day of history), all of them members of one
 * "Rules" group (the benchmark sets and removes its limits), the first WATCHED of them also in
 * groups of 10 that the readers follow, four gateways, and ALARMS alarms on the watched nodes.
 * Prints one JSON line and serves until SIGTERM. Asked over IPC it times the Alarms page's query
 * against the plain one ("pages", alarms-pages.ts) and a silence check ("silence").
 */
const WATCHED = 1_000;
const WATCH_GROUP = 10;
const ALARMS = Number(process.env.ALARMS_STORED ?? 100_000);

const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-alarms-'));
const store = openSqliteStore(dataDir);
// Every reader signs in as admin: the per-user share of streams is raised to hold them all.
const limits = { ...DEFAULT_LIMITS, streamsPerUser: 10_000, historyPerUser: 10_000 };
const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn', limits }) });
const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
const seeded = await seedLarge(cloud.services, ids);
const nodes = store.db.raw
  .prepare(
    "SELECT id, reference FROM channels WHERE type = 'NODE' AND reference LIKE 'BENCH-%' AND reference <> 'BENCH-DENSE' ORDER BY reference",
  )
  .all() as { id: number; reference: string }[];
const made = await store.transaction(async (tx) => {
  const now = Date.now();
  const group = (name: string) =>
    tx.channels.create({ type: 'GROUP', name, tenant: 'demo', ownerId: ids.admin, now });
  const rules = await group('Rules');
  const watch: string[] = [];
  let watching = rules;
  for (const [i, node] of nodes.entries()) {
    await tx.groups.addMember(rules.id, node.id, now);
    if (i >= WATCHED) continue;
    if (i % WATCH_GROUP === 0) {
      watching = await group(`Watch ${watch.length + 1}`);
      watch.push(watching.uuid);
    }
    await tx.groups.addMember(watching.id, node.id, now);
  }
  const gateways = await benchGateways(tx, {
    prefix: 'GW-ALARMS',
    count: 4,
    ownerId: ids.admin,
    now,
  });
  return { rules: rules.uuid, watch, gateways };
});

// A month of alarms on the watched nodes, newest last; all ended (an open one would be cleared
// by the node's next reading and change what ingestion does in the first phase measured).
const watchedIds = nodes.slice(0, WATCHED).map((node) => node.id);
const base = Date.now() - 30 * 86_400_000;
const step = (30 * 86_400_000) / ALARMS;
await store.transaction(async (tx) => {
  for (let i = 0; i < ALARMS; i++) {
    const nodeId = watchedIds[i % watchedIds.length] ?? 0;
    const at = Math.floor(base + i * step);
    await tx.alarms.insert({
      uuid: randomUUID(),
      tenant: 'demo',
      kind: 'silence',
      severity: 'major',
      status: 'cleared',
      slot: null,
      channel_id: nodeId,
      node_id: nodeId,
      first_out_at: at,
      raised_at: at,
      last_ts: at,
      cleared_at: at + 60_000,
      updated_at: at + 60_000,
    });
  }
});
const address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  JSON.stringify({
    url: address,
    nodes: nodes.map((node) => node.reference),
    watched: nodes.slice(0, WATCHED).map((node) => node.reference),
    alarms: ALARMS,
    seededMs: seeded.ms,
    ...made,
  }) + '\n',
);

/**
 * The first page's request answered in this process (no network): main-thread CPU per request
 * with the caller's nodes kept (ours) and with them computed for the request (the plain way, as
 * before docs/decisions/0143-alarms-reach-kept.md, and ours after any change of reach), in turns
 * so that the machine's load drifts over both alike.
 */
async function injectedPages(runs = 10): Promise<{ keptMs: number; computedMs: number }> {
  const authorization = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;
  const get = () =>
    cloud.app.inject({ method: 'GET', url: '/v1/alarms?count=100', headers: { authorization } });
  await get();
  const spent = { kept: 0, computed: 0 };
  for (let i = 0; i < runs * 2; i++) {
    // kept, computed, computed, kept, …: neither side always goes first.
    const computed = i % 4 === 1 || i % 4 === 2;
    if (computed) cloud.services.reach.changed();
    else await get();
    const before = process.threadCpuUsage();
    await get();
    const used = process.threadCpuUsage(before);
    spent[computed ? 'computed' : 'kept'] += (used.user + used.system) / 1000;
  }
  return { keptMs: spent.kept / runs, computedMs: spent.computed / runs };
}

process.on('message', (message) => {
  if (message === 'pages') {
    const pages = firstPages(
      store.db.raw,
      nodes.map((node) => node.id),
    );
    void injectedPages().then((request) => process.send?.({ pages: { ...pages, request } }));
  }
  // The plain way over HTTP: the next request computes the caller's nodes again.
  if (message === 'forget') {
    cloud.services.reach.changed();
    process.send?.({ forget: true });
  }
  if (message === 'silence') {
    const before = process.threadCpuUsage();
    const started = performance.now();
    void cloud.services.silence.check(Date.now()).then((raised) => {
      const used = process.threadCpuUsage(before);
      process.send?.({
        silence: {
          raised,
          cpuMs: (used.user + used.system) / 1000,
          ms: performance.now() - started,
        },
      });
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
