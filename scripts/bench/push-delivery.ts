import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp, type Cloud } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { PushDispatcher } from '../../server/push/dispatcher.ts';
import { HttpSender } from '../../server/push/http-sender.ts';

/**
 * Push delivery under load: a gateway sends `rate` events a second for `seconds` to the cloud,
 * every event reaches a group channel with push at interval 0 (one delivery per event), and a
 * receiver in a worker thread notes when each event arrives. The same run is repeated with a
 * new TCP connection per delivery instead of kept-alive connections, the plain approach.
 */
export interface PushBenchOptions {
  rate?: number;
  seconds?: number;
  nodes?: number;
}

export interface PushPhaseFigures {
  offered: number;
  delivered: number;
  deliveries: number;
  ingestP50: number;
  ingestP99: number;
  /** Events the cloud stored per second, from the first send to the last answer. */
  ingestedPerSecond: number;
  /** From the cloud publishing a reading to the receiver having its POST. */
  dispatchP50: number;
  dispatchP95: number;
  /** From the gateway sending a message to the receiver having its POST (includes ingestion). */
  endToEndP50: number;
  endToEndP95: number;
  cpuMsPer1000: number;
}

const RECEIVER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let arrivals = [];
let deliveries = 0;
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    deliveries++;
    for (const event of JSON.parse(Buffer.concat(chunks).toString()).events) arrivals.push(event.ts, at);
    if (!workerData.hang) response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
const timer = setInterval(() => {
  if (arrivals.length > 0) parentPort.postMessage({ arrivals, deliveries });
  arrivals = [];
}, 100);
parentPort.on('message', () => { clearInterval(timer); server.closeAllConnections(); server.close(); parentPort.close(); });
`;

const now = () => performance.timeOrigin + performance.now();

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function inject(cloud: Cloud, method: 'POST' | 'PUT', url: string) {
  const response = await cloud.app.inject({
    method,
    url,
    headers: { authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}` },
  });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.body}`);
  return JSON.parse(response.body) as unknown;
}

let runs = 0;

type Mode = 'keep-alive' | 'new-connection' | 'no-push' | 'receiver-hangs';

async function phase(
  cloud: Cloud,
  mode: Mode,
  options: Required<PushBenchOptions>,
  gateway: { serial: string; key: string },
  tsBase: number,
): Promise<PushPhaseFigures> {
  const { services } = cloud;
  const keepAlive = mode === 'keep-alive';
  // The dispatcher as the cloud builds it, with the sender under comparison.
  await services.push.close();
  services.push = await PushDispatcher.start({
    events: services.events,
    targets: services.store.pushTargets,
    history: services.timeslices,
    deliveryLog: services.deliveryLog,
    sender: new HttpSender(services.pushPolicy, { timeoutMs: 10_000, keepAlive }),
    logger: cloud.app.log,
  });

  const receiver = new Worker(RECEIVER, {
    eval: true,
    workerData: { hang: mode === 'receiver-hangs' },
  });
  const port = await new Promise<number>((resolve) =>
    receiver.once('message', (message: { port: number }) => resolve(message.port)),
  );
  const arrivedAt = new Map<number, number>();
  let deliveries = 0;
  receiver.on('message', (message: { arrivals?: number[]; deliveries?: number }) => {
    const list = message.arrivals ?? [];
    for (let i = 0; i + 1 < list.length; i += 2) arrivedAt.set(list[i] ?? 0, list[i + 1] ?? 0);
    deliveries = message.deliveries ?? deliveries;
  });
  const run = ++runs;
  const group = (await inject(cloud, 'POST', `/v1/groups/bench-${run}`)) as { uuid: string };
  const serialOf = (n: number) => `BENCH-${run}-${n % options.nodes}`;
  for (let n = 0; n < options.nodes; n++) {
    await inject(
      cloud,
      'POST',
      `/v1/nodes/${serialOf(n)}?name=${serialOf(n)}&channelUuid=${group.uuid}`,
    );
  }
  const to = encodeURIComponent(`http://127.0.0.1:${port}/hook`);
  if (mode !== 'no-push') {
    await inject(cloud, 'PUT', `/v1/channels/${group.uuid}/push?to=${to}&secret=bench-secret`);
  }

  const publishedAt = new Map<number, number>();
  const stopWatching = services.events.onPublished((readings) => {
    const at = now();
    for (const reading of readings) publishedAt.set(reading.ts, at);
  });
  const sentAt = new Map<number, number>();
  const ingestTimes: number[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const address = cloud.app.server.address() as AddressInfo;
  const authorization = `Basic ${Buffer.from(`${gateway.serial}:${gateway.key}`).toString('base64')}`;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const started = now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/v1/ingest',
          method: 'POST',
          agent,
          headers: { authorization, 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            ingestTimes.push(now() - started);
            if (response.statusCode === 200) resolve();
            else reject(new Error(`ingest answered ${response.statusCode}`));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  const cpuBefore = process.cpuUsage();
  const started = now();
  const total = options.rate * options.seconds;
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  // Every 10 ms the gateway sends what is due, so the rate holds even when a tick runs late.
  while (sent < total) {
    const due = Math.min(total, Math.floor(((now() - started) / 1000) * options.rate));
    if (due > sent) {
      const messages = [];
      for (; sent < due; sent++) {
        const ts = tsBase + sent;
        sentAt.set(ts, now());
        messages.push({
          node: serialOf(sent),
          sensor: 'temp',
          type: 'TEMP',
          ts,
          value: { temperature: sent % 40 },
        });
      }
      inFlight.push(post(JSON.stringify({ messages })));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(inFlight);
  const ingestedPerSecond = total / ((now() - started) / 1000);
  const deadline = now() + 15_000;
  while (
    mode !== 'no-push' &&
    mode !== 'receiver-hangs' &&
    arrivedAt.size < total &&
    now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cpu = process.cpuUsage(cpuBefore);
  stopWatching();
  agent.destroy();
  receiver.postMessage('stop');
  await new Promise((resolve) => receiver.once('exit', resolve));

  const dispatch: number[] = [];
  const endToEnd: number[] = [];
  for (const [ts, at] of arrivedAt) {
    const published = publishedAt.get(ts);
    const sentTime = sentAt.get(ts);
    if (published !== undefined) dispatch.push(at - published);
    if (sentTime !== undefined) endToEnd.push(at - sentTime);
  }
  return {
    offered: total,
    delivered: arrivedAt.size,
    deliveries,
    ingestP50: percentile(ingestTimes, 50),
    ingestP99: percentile(ingestTimes, 99),
    ingestedPerSecond,
    dispatchP50: percentile(dispatch, 50),
    dispatchP95: percentile(dispatch, 95),
    endToEndP50: percentile(endToEnd, 50),
    endToEndP95: percentile(endToEnd, 95),
    cpuMsPer1000: ((cpu.user + cpu.system) / 1000 / total) * 1000,
  };
}

/** Runs both phases, prints the figures and returns them. */
export async function benchPushDelivery(options: PushBenchOptions = {}) {
  const settings: Required<PushBenchOptions> = {
    rate: options.rate ?? 1000,
    seconds: options.seconds ?? 8,
    nodes: options.nodes ?? 20,
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'push-bench-'));
  const store = openSqliteStore(dataDir);
  const config = {
    ...configFromEnv({}),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    logLevel: 'error',
    pushAllowNetworks: ['loopback'],
  };
  const cloud = await buildApp({ store, config });
  try {
    await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
    await cloud.app.listen({ port: 0, host: '127.0.0.1' });
    const gateway = (await inject(cloud, 'POST', '/v1/gateways/BENCH-GW')) as { key: string };
    const credentials = { serial: 'BENCH-GW', key: gateway.key };
    const base = Date.now() - 3_600_000;
    // A short unreported run first, so that no measured run pays for warming up.
    await phase(cloud, 'keep-alive', { ...settings, seconds: 2 }, credentials, base - 500_000);
    const ours = await phase(cloud, 'keep-alive', settings, credentials, base);
    const plain = await phase(cloud, 'new-connection', settings, credentials, base + 1_000_000);
    const none = await phase(cloud, 'no-push', settings, credentials, base + 2_000_000);
    const hung = await phase(cloud, 'receiver-hangs', settings, credentials, base + 3_000_000);
    print(settings, ours, plain, none, hung);
    return { keepAlive: ours, newConnection: plain, noPush: none, receiverHangs: hung };
  } finally {
    await cloud.app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(
  settings: Required<PushBenchOptions>,
  ours: PushPhaseFigures,
  plain: PushPhaseFigures,
  none: PushPhaseFigures,
  hung: PushPhaseFigures,
): void {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  const row = (label: string, a: string, b: string) =>
    console.log(`  ${label.padEnd(40)}${a.padStart(18)}${b.padStart(30)}`);
  console.log(
    `push delivery: ${settings.rate} events/s for ${settings.seconds} s from ${settings.nodes} ` +
      'nodes to a local receiver; one group channel with push at interval 0',
  );
  row('', 'keep-alive (ours)', 'new connection per delivery');
  row(
    'events offered / delivered',
    `${ours.offered} / ${ours.delivered}`,
    `${plain.offered} / ${plain.delivered}`,
  );
  row('deliveries (POSTs) received', `${ours.deliveries}`, `${plain.deliveries}`);
  const perSecond = (figures: PushPhaseFigures) => figures.ingestedPerSecond.toFixed(0);
  row('events ingested per second', perSecond(ours), perSecond(plain));
  row(
    'ingest answer p50 / p99 ms',
    `${ms(ours.ingestP50)} /${ms(ours.ingestP99)}`,
    `${ms(plain.ingestP50)} /${ms(plain.ingestP99)}`,
  );
  row(
    'published -> receiver p50 / p95 ms',
    `${ms(ours.dispatchP50)} /${ms(ours.dispatchP95)}`,
    `${ms(plain.dispatchP50)} /${ms(plain.dispatchP95)}`,
  );
  row(
    'gateway send -> receiver p50 / p95 ms',
    `${ms(ours.endToEndP50)} /${ms(ours.endToEndP95)}`,
    `${ms(plain.endToEndP50)} /${ms(plain.endToEndP95)}`,
  );
  row('CPU ms per 1000 events (whole process)', ms(ours.cpuMsPer1000), ms(plain.cpuMsPer1000));
  console.log(
    `  same load without push:            ingest p50 / p99 ms ${ms(none.ingestP50)} /${ms(none.ingestP99)}, ` +
      `${perSecond(none)} events/s, CPU ms per 1000 events ${ms(none.cpuMsPer1000)}`,
  );
  console.log(
    `  same load, receiver never answers: ingest p50 / p99 ms ${ms(hung.ingestP50)} /${ms(hung.ingestP99)}, ` +
      `${perSecond(hung)} events/s`,
  );
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log(
    `  new connection / keep-alive: latency p50 ${ratio(plain.dispatchP50, ours.dispatchP50)}, ` +
      `p95 ${ratio(plain.dispatchP95, ours.dispatchP95)}, CPU ${ratio(plain.cpuMsPer1000, ours.cpuMsPer1000)}`,
  );
  // Keeping up: every event delivered, and ingestion stored them at the rate they were sent.
  const keptUp = ours.delivered === ours.offered && ours.ingestedPerSecond >= 0.95 * settings.rate;
  console.log(
    `  target: ${settings.rate}/s delivered with ingestion keeping up: ${keptUp ? 'yes' : 'NO'}; ` +
      `median latency <= 50 ms: ${ours.endToEndP50 <= 50 ? 'yes' : 'NO'} (${ours.endToEndP50.toFixed(1)} ms, gateway send -> receiver)`,
  );
}

if (import.meta.main) {
  await benchPushDelivery();
}
