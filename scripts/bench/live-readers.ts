import net from 'node:net';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { LatencyHistogram, ReadingScanner } from './live-scan.ts';

/**
 * The readers of the live-streams benchmark, in a process of their own so that their CPU is read
 * from /proc apart from the cloud's: `paths.length` live streams on raw sockets (HTTP/1.0, so the
 * bytes are the event stream itself, no chunk framing), or as many clients polling history every
 * `pollMs` (the plain approach). A reading's delivery latency is its arrival here minus its `ts`,
 * which the gateways set to the moment they send it. No event is parsed as JSON except a checked
 * sample (`ReadingScanner`). Driven over IPC: a start message, then "measure", then "report".
 */
interface Start {
  url: string;
  authorization: string;
  mode: 'streams' | 'polling';
  paths: string[];
  pollMs: number;
}

const send = (message: unknown) => process.send?.(message);
const histogram = new LatencyHistogram();
/** From the reading that raised an alarm to its `alarm` event here (the alarms benchmark). */
const raised = new LatencyHistogram();
const scanner = new ReadingScanner(
  (ts, arrival) => {
    if (measuring) histogram.add(arrival - ts);
  },
  100,
  (raisedAt, arrival) => {
    if (measuring) raised.add(arrival - raisedAt);
  },
);
const errors: string[] = [];
let measuring = false;
let requests = 0;
let opened = 0;
let stopping = false;
const sockets = new Set<net.Socket>();

function fail(text: string): void {
  if (!stopping && errors.length < 20) errors.push(text);
}

function stream(host: string, port: number, path: string, authorization: string): void {
  const socket = net.connect({ host, port });
  sockets.add(socket);
  socket.setNoDelay(true);
  socket.setEncoding('utf8');
  socket.write(
    `GET ${path} HTTP/1.0\r\nhost: ${host}:${port}\r\nauthorization: ${authorization}\r\n` +
      'accept: text/event-stream\r\nx-requested-with: bench\r\n\r\n',
  );
  let head = '';
  let body: ((chunk: string, arrival: number) => void) | undefined;
  socket.on('data', (chunk: string) => {
    const arrival = Date.now();
    if (body) return body(chunk, arrival);
    head += chunk;
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    if (!head.startsWith('HTTP/1.1 200') && !head.startsWith('HTTP/1.0 200')) {
      fail(`${path}: ${head.slice(0, head.indexOf('\r\n'))}`);
      socket.destroy();
      return;
    }
    if (/^transfer-encoding:\s*chunked/im.test(head.slice(0, end))) {
      fail(`${path}: answered chunked to HTTP/1.0`);
      socket.destroy();
      return;
    }
    const reader = scanner.stream(() => opened++);
    body = reader;
    reader(head.slice(end + 4), arrival);
  });
  socket.on('error', (error) => fail(`${path}: ${error.message}`));
  socket.on('close', () => {
    sockets.delete(socket);
    if (!stopping) fail(`${path}: the stream ended`);
  });
}

/** The plain approach: ask history for what is newer than the newest reading seen, again and again. */
async function poll(base: string, path: string, authorization: string, pollMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let newest = Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.random() * pollMs));
  opened++;
  while (!stopping) {
    const started = performance.now();
    const text = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        `${base}${path}?from=${newest + 1}&count=10000`,
        { agent, headers: { authorization, 'x-requested-with': 'bench' } },
        (response) => {
          response.setEncoding('utf8');
          let answer = '';
          response.on('data', (chunk: string) => (answer += chunk));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(answer)
              : reject(new Error(`${path}: ${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
    });
    requests++;
    newest = Math.max(newest, scanner.history(text, Date.now()));
    const wait = pollMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  agent.destroy();
}

let progress: NodeJS.Timeout | undefined;
let measuredFrom = performance.eventLoopUtilization();

process.on('message', (message: Start | 'measure' | 'report') => {
  if (message === 'measure') {
    measuring = true;
    histogram.clear();
    raised.clear();
    scanner.resetCounts();
    requests = 0;
    measuredFrom = performance.eventLoopUtilization();
    return;
  }
  if (message === 'report') {
    measuring = false;
    stopping = true;
    clearInterval(progress);
    for (const socket of sockets) socket.destroy();
    send({
      done: true,
      p50: histogram.quantile(0.5),
      p99: histogram.quantile(0.99),
      received: histogram.count,
      raisedP50: raised.quantile(0.5),
      raisedP99: raised.quantile(0.99),
      raised: raised.count,
      requests,
      // Busy share of this process's event loop while measured: near 1, the readers are the limit.
      eventLoopUtilization: performance.eventLoopUtilization(measuredFrom).utilization,
      sampled: scanner.sampled,
      sampleMismatches: scanner.mismatches,
      errors: errors.slice(0, 5),
    });
    setTimeout(() => process.exit(0), 100);
    return;
  }
  const { url, authorization, mode, paths, pollMs } = message;
  const { hostname, port } = new URL(url);
  for (const path of paths) {
    if (mode === 'streams') stream(hostname, Number(port), path, authorization);
    else
      poll(url, path.replace(/\/events$/, '/history'), authorization, pollMs).catch(
        (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
      );
  }
  progress = setInterval(() => send({ opened, errors: errors.length, first: errors[0] }), 200);
});
