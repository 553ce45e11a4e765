import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import http from 'node:http';

/**
 * The clients of the live-streams benchmark, in a worker thread: `paths.length` live streams, or
 * as many clients polling history every `pollMs` (the plain approach). Each reading's delivery
 * latency is when it arrived here minus its `ts`, which the benchmark's gateways set to the moment
 * they send it. Told "measure" it starts counting, told "stop" it answers what it counted.
 */
interface ClientsData {
  url: string;
  authorization: string;
  mode: 'streams' | 'polling';
  paths: string[];
  pollMs: number;
}

const { url, authorization, mode, paths, pollMs } = workerData as ClientsData;
const now = () => performance.timeOrigin + performance.now();
const headers = { authorization, 'x-requested-with': 'bench' };
const controller = new AbortController();
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
let measuring = false;
let latencies: number[] = [];
let received = 0;
let requests = 0;
let opened = 0;
const errors: string[] = [];
const READING_TS = /"ts":(\d{13})/g;

function note(text: string, arrival: number): void {
  if (!measuring) return;
  for (const match of text.matchAll(READING_TS)) {
    latencies.push(arrival - Number(match[1]));
    received++;
  }
}

/**
 * A light SSE reader for this cloud's messages (one `data` line each), on node:http rather than
 * fetch: 500 web streams cost this worker more than the cloud, on the same two cores.
 */
function stream(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}${path}`, { headers, agent, signal: controller.signal });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${path}: ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const arrival = now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.includes('event: timeslices')) note(message, arrival);
          else if (message.includes('event: open')) opened++;
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('end', resolve);
      response.on('error', reject);
    });
  });
}

/** The plain approach: ask history for what is newer than the newest reading seen, again and again. */
async function poll(path: string): Promise<void> {
  let newest = Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.random() * pollMs));
  opened++;
  while (!controller.signal.aborted) {
    const started = now();
    const response = await fetch(`${url}${path}?from=${newest + 1}&count=10000`, {
      headers,
      signal: controller.signal,
    });
    const text = await response.text();
    requests++;
    if (response.status === 200) {
      const arrival = now();
      for (const match of text.matchAll(READING_TS)) {
        const ts = Number(match[1]);
        if (ts > newest) newest = ts;
      }
      note(text, arrival);
    } else errors.push(`${response.status}`);
    const wait = pollMs - (now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

for (const path of paths) {
  const run = mode === 'streams' ? stream(path) : poll(path.replace(/\/events$/, '/history'));
  run.catch((error: unknown) => {
    if (!controller.signal.aborted)
      errors.push(error instanceof Error ? error.message : String(error));
  });
}

const port = parentPort;
if (!port) throw new Error('live-clients runs as a worker');
const progress = setInterval(() => port.postMessage({ opened, errors: errors.length }), 200);
port.on('message', (message: string) => {
  if (message === 'measure') {
    measuring = true;
    latencies = [];
    received = 0;
    requests = 0;
    return;
  }
  clearInterval(progress);
  measuring = false;
  controller.abort();
  const sorted = Float64Array.from(latencies).sort();
  port.postMessage({
    done: true,
    latencies: sorted,
    received,
    requests,
    errors: errors.slice(0, 5),
  });
  setTimeout(() => port.close(), 100);
});
