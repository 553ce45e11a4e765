import http from 'node:http';
import { LatencyHistogram } from './live-scan.ts';

/**
 * The gateways of the live-streams benchmark, in a process of their own so that their CPU is read
 * from /proc apart from the cloud's: each posts a batch every `everyMs` on a fixed schedule,
 * whatever the answers (at most 8 in flight each), on kept-alive connections of node:http, each
 * reading timed at the moment it is sent. Told "measure" it starts counting; told "report" it
 * stops and answers what it offered, what the cloud accepted, and the answers' p99.
 */
interface Start {
  url: string;
  rate: number;
  everyMs: number;
  nodes: { serial: string }[];
  gateways: { serial: string; key: string }[];
  /**
   * The alarms benchmark: every `outEvery`-th batch of each gateway also carries a TEMP reading
   * of 40 °C for one of `outNodes` (in turn from `outFrom`), timed as it is sent.
   */
  outEvery?: number;
  outNodes?: string[];
  outFrom?: number;
}

const MAX_IN_FLIGHT = 8;
const ACCEPTED = /"accepted":(\d+)/;
const answers = new LatencyHistogram();
let offered = 0;
let accepted = 0;
let failed = 0;
/** Batches that waited because 8 were in flight: the cloud, not the generator, held them back. */
let heldBack = 0;
let stopped = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(agent: http.Agent, url: URL, authorization: string, body: string): Promise<void> {
  const sent = Date.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          answers.add(Date.now() - sent);
          if (response.statusCode === 200) accepted += Number(ACCEPTED.exec(text)?.[1] ?? 0);
          else failed++;
          resolve();
        });
      },
    );
    request.on('error', () => {
      failed++;
      resolve();
    });
    request.end(body);
  });
}

async function gateway(start: Start, g: number): Promise<void> {
  const credentials = start.gateways[g];
  if (!credentials) return;
  const url = new URL('/v1/ingest', start.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const authorization = `Basic ${Buffer.from(`${credentials.serial}:${credentials.key}`).toString('base64')}`;
  const count = start.gateways.length;
  const perBatch = Math.round((start.rate * start.everyMs) / 1000 / count);
  // Each gateway serves a share of the nodes; a batch takes each of them in turn, temp then gps.
  const mine = start.nodes.filter((_, i) => i % count === g).map((node) => node.serial);
  const inFlight = new Set<Promise<void>>();
  const begin = Date.now();
  for (let k = 0; !stopped; k++) {
    const wait = begin + k * start.everyMs - Date.now();
    if (wait > 0) await sleep(wait);
    const ts = Date.now();
    const parts: string[] = [];
    for (let i = 0; i < perBatch; i++) {
      const n = k * perBatch + i;
      const node = mine[n % mine.length] ?? '';
      parts.push(
        Math.floor(n / mine.length) % 2 === 1
          ? `{"node":"${node}","sensor":"gps","type":"GPS","ts":${ts},` +
              `"value":{"lat":${52.3 + i / 1e4},"lon":4.9,"hdop":1,"fix":3}}`
          : `{"node":"${node}","sensor":"temp","type":"TEMP","ts":${ts},"value":{"temperature":4}}`,
      );
    }
    const { outEvery = 0, outNodes = [], outFrom = 0 } = start;
    const out = outEvery > 0 && k % outEvery === 0 ? outNodes.length : 0;
    if (out > 0) {
      // 1 ms after the batch's readings: the node's own reading of this batch stays apart.
      const node = outNodes[(outFrom + (k / outEvery) * count + g) % out] ?? '';
      parts.push(
        `{"node":"${node}","sensor":"temp","type":"TEMP","ts":${ts + 1},"value":{"temperature":40}}`,
      );
    }
    offered += parts.length;
    // The first batch of the first gateway tells the benchmark the schedule has begun.
    if (k === 0 && g === 0) process.send?.({ started: true });
    if (inFlight.size >= MAX_IN_FLIGHT) heldBack++;
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    const sent = post(agent, url, authorization, `{"messages":[${parts.join(',')}]}`).finally(() =>
      inFlight.delete(sent),
    );
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  agent.destroy();
}

let runs: Promise<void>[] = [];
let measuredFrom = Date.now();
process.on('message', (message: Start | 'measure' | 'report') => {
  if (message === 'measure') {
    offered = 0;
    accepted = 0;
    failed = 0;
    heldBack = 0;
    answers.clear();
    measuredFrom = Date.now();
    return;
  }
  if (message === 'report') {
    const seconds = (Date.now() - measuredFrom) / 1000;
    const counts = {
      offered,
      accepted,
      failed,
      heldBack,
      seconds,
      answerP99: answers.quantile(0.99),
    };
    stopped = true;
    void Promise.all(runs).then(() => {
      process.send?.({ done: true, ...counts });
      setTimeout(() => process.exit(0), 100);
    });
    return;
  }
  runs = message.gateways.map((_, g) => gateway(message, g));
});
