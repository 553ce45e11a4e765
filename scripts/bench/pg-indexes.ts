/**
 * Which index serves history on PostgreSQL (issue 11: "BRIN or B-tree indexes chosen by
 * measurement"). Seeds the benchmark fleet into a throw-away cluster, then times the history of
 * the 10000-item group with channel_data's B-tree primary key (channel_id, ts, reading_id), and
 * again with that key replaced by a BRIN index on ts beside a B-tree on channel_id alone; beside
 * them, the plain join that the store's lateral query replaced.
 *
 *   node scripts/bench/pg-indexes.ts
 */
import { loadavg } from 'node:os';
import { testConfig } from '../../server/config.ts';
import { createServices } from '../../server/services.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedLarge } from '../../server/sim/seed-large.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { openPgStore } from '../../server/store/postgres/store.ts';
import { admin, startCluster } from '../../server/test/postgres-cluster.ts';
import { historyRange } from '../../server/store/postgres/readings.ts';
import { timeRuns } from './bench.ts';

const RUNS = 40;
const cluster = await startCluster(
  process.env.BENCH_PG_PORT ? { port: Number(process.env.BENCH_PG_PORT) } : {},
);
try {
  await admin(cluster.url(), 'CREATE DATABASE bench');
  const store = await openPgStore({ url: cluster.url('bench'), poolSize: 4 });
  const services = await createServices(store, testConfig());
  const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
  const seed = await seedLarge(services, ids);
  console.log(`seeded ${seed.messages} messages in ${(seed.ms / 1000).toFixed(1)} s`);
  await store.pool.query('VACUUM ANALYZE');
  const to = Date.now();
  const from = to - 86_400_000;
  const history = () => store.readings.range(seed.group.id, from, to, 10_000);
  const size = async () =>
    (
      await store.pool.query<{ mb: string }>(
        `SELECT round(sum(pg_relation_size(i.indexrelid)) / 1048576.0, 1)::text AS mb
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
         WHERE c.relname LIKE 'channel_data_d%'`,
      )
    ).rows[0]?.mb;
  const plan = async () =>
    (
      await store.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${historyRange
          .replace('$1', String(seed.group.id))
          .replace('$2', String(from))
          .replace('$3', String(to))
          .replace('$4', '10000')}`,
      )
    ).rows
      .map((row) => row['QUERY PLAN'])
      .filter((line) => /Scan|Sort|Execution/.test(line))
      .map((line) => line.trim());

  if ((await history()).length !== 10_000) throw new Error('expected 10000 items');
  const btree = await timeRuns(history, RUNS);
  // The plain join the store's lateral form replaced, on the same index.
  const join = await timeRuns(
    () =>
      store.pool.query({
        text: `SELECT r.sensor_id, r.gateway_id, r.ts, r.type, r.value
               FROM channel_data d JOIN readings r ON r.sensor_id = d.sensor_id AND r.ts = d.ts
               WHERE d.channel_id = $1 AND d.ts >= $2 AND d.ts <= $3
               ORDER BY d.ts DESC, d.reading_id DESC LIMIT $4`,
        values: [seed.group.id, from, to, 10_000],
        rowMode: 'array',
      }),
    RUNS,
  );
  const btreePlan = await plan();
  const btreeSize = await size();

  await store.pool.query('ALTER TABLE channel_data DROP CONSTRAINT channel_data_pkey');
  await store.pool.query('CREATE INDEX channel_data_ts_brin ON channel_data USING brin (ts)');
  await store.pool.query('CREATE INDEX channel_data_channel ON channel_data (channel_id)');
  await store.pool.query('VACUUM ANALYZE channel_data');
  const brin = await timeRuns(history, RUNS);
  const brinPlan = await plan();
  const brinSize = await size();

  console.log(
    `load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    `B-tree (channel_id, ts, reading_id): median ${btree.median.toFixed(1)} ms, p95 ${btree.p95.toFixed(1)} ms, indexes ${btreeSize} MB`,
  );
  for (const line of btreePlan) console.log(`    ${line}`);
  console.log(
    `  the plain join on it:               median ${join.median.toFixed(1)} ms, p95 ${join.p95.toFixed(1)} ms`,
  );
  console.log(
    `BRIN (ts) + B-tree (channel_id):     median ${brin.median.toFixed(1)} ms, p95 ${brin.p95.toFixed(1)} ms, indexes ${brinSize} MB`,
  );
  for (const line of brinPlan) console.log(`    ${line}`);
  console.log(`BRIN / B-tree (medians): ${(brin.median / btree.median).toFixed(2)} ×`);
  await services.push.close();
  await store.close();
} finally {
  cluster.stop();
}
