import autocannon from 'autocannon';
import { admin, startCluster } from '../../server/test/postgres-cluster.ts';
import { startCloudCluster } from '../cluster/cluster.ts';
import { type Benchmark, type Figure } from './bench.ts';
import { largeCloud, largePgCloud } from './large-cloud.ts';
import { capacity, Messages, startServer } from './ingestion.ts';

const HISTORY_RUNS = 40;
const CLIENTS = 200;
const LOAD_SECONDS = 10;

/** Issue 11's figures: group history and ingestion on both stores, then the balancer. */
async function groupHistory(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const cloud of [await largeCloud(), await largePgCloud()]) {
    const to = Date.now();
    const path = `/v1/channels/${cloud.seed.group.uuid}/history?from=${to - 86_400_000}&to=${to}&count=10000`;
    const { server, cpu } = await cloud.time(path, HISTORY_RUNS);
    figures.push(
      {
        label: `group history 10000 items, ${cloud.store.engine}: server time, median`,
        value: server.median,
        unit: 'ms',
        ...(cloud.store.engine === 'postgres' ? { target: { max: 40 } } : {}),
      },
      { label: `  ${cloud.store.engine}: server time, p95`, value: server.p95, unit: 'ms' },
      { label: `  ${cloud.store.engine}: main-thread CPU, median`, value: cpu.median, unit: 'ms' },
    );
  }
  return figures;
}

async function ingestion(): Promise<Figure[]> {
  const sqlite = await startServer();
  let sqliteRate = 0;
  try {
    sqliteRate = (await capacity(sqlite.target, new Messages(sqlite.target.nodes), 4, 250, 5)).rate;
  } finally {
    sqlite.child.kill('SIGTERM');
  }
  const cluster = await startCluster(
    process.env.BENCH_PG_PORT ? { port: Number(process.env.BENCH_PG_PORT) + 1 } : {},
  );
  try {
    await admin(cluster.url(), 'CREATE DATABASE ingest');
    const env = { DATABASE_URL: cluster.url('ingest') };
    const one = await startServer(env);
    const two = await startServer({ ...env, INGEST_SEED: 'off' });
    try {
      const messages = new Messages(one.target.nodes);
      const single = await capacity(one.target, messages, 1, 1, 5);
      const oneRate = (await capacity(one.target, messages, 4, 250, 5)).rate;
      const second = { ...two.target, gateways: one.target.gateways };
      const twoRate = (await capacity([one.target, second], messages, 4, 250, 5)).rate;
      return [
        {
          label: 'ingestion, sqlite: 4 gateways, batches of 250',
          value: sqliteRate,
          unit: 'msg/s',
        },
        {
          label: 'ingestion, postgres, one instance: batches of 250',
          value: oneRate,
          unit: 'msg/s',
          target: { min: 5000 },
        },
        {
          label: '  postgres, plain approach (one message per request)',
          value: single.rate,
          unit: 'msg/s',
        },
        { label: '  postgres: batched / plain', value: oneRate / single.rate, unit: '×' },
        { label: 'ingestion, postgres, two instances', value: twoRate, unit: 'msg/s' },
        {
          label: '  two instances / one',
          value: twoRate / oneRate,
          unit: '×',
          target: { min: 1.5 },
        },
      ];
    } finally {
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    cluster.stop();
  }
}

/** 200 clients listing channels with bearer tokens: one instance, then two behind HAProxy. */
async function listings(): Promise<Figure[]> {
  const port = Number(process.env.BENCH_PORT ?? 8530) + 10;
  const cloud = await startCloudCluster({
    port,
    instances: 2,
    env: { SIMULATOR: 'off', DEMO_DAYS: '0', LOG_LEVEL: 'error' },
  });
  try {
    const answer = await fetch(`${cloud.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
        realm: 'Username-Password-Authentication',
        audience: 'https://api.telemetry.local',
        client_id: 'cli',
        username: 'admin',
        password: 'demo-admin',
        scope: 'openid',
      }),
    });
    const { access_token: token } = (await answer.json()) as { access_token: string };
    const load = (url: string) =>
      autocannon({
        url: `${url}/v1/channels`,
        connections: CLIENTS,
        duration: LOAD_SECONDS,
        headers: { authorization: `Bearer ${token}` },
      });
    const instance = cloud.instances[0];
    if (!instance) throw new Error('no instance');
    await load(instance.url); // warm-up run, not reported
    const one = await load(instance.url);
    const two = await load(cloud.url);
    const errors = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;
    return [
      {
        label: `listing, ${CLIENTS} clients, one instance: req/s`,
        value: one.requests.average,
        unit: '/s',
      },
      { label: '  one instance: p99', value: one.latency.p99, unit: 'ms' },
      { label: '  one instance: errors', value: errors(one), unit: '' },
      { label: '  two instances behind HAProxy: req/s', value: two.requests.average, unit: '/s' },
      { label: '  two instances: p99', value: two.latency.p99, unit: 'ms' },
      {
        label: '  two instances: errors',
        value: errors(two),
        unit: '',
        target: { max: 0 },
      },
      {
        label: '  p99 one instance / two',
        value: one.latency.p99 / two.latency.p99,
        unit: '×',
        target: { min: 1.5 },
      },
    ];
  } finally {
    await cloud.stop();
  }
}

export const storesBenchmark: Benchmark = {
  name: 'stores',
  description:
    'Issue 11: SQLite and PostgreSQL side by side (group history of 10000 items, batched ' +
    'ingestion), two PostgreSQL instances against one, and 200 clients listing channels at one ' +
    'instance and at two behind HAProxy.',
  async run() {
    const figures = [...(await groupHistory()), ...(await ingestion()), ...(await listings())];
    return {
      figures,
      notes: [
        'plain approaches: ingestion one message per request; for two instances, one instance; ' +
          'for the balancer, one instance alone.',
        'Everything (PostgreSQL, the instances, HAProxy, the load generator) shares this ' +
          "machine's cores: read the two-instance figures with the load average above.",
      ],
    };
  },
};
