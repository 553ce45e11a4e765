import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { admin, startCluster, type Cluster } from '../test/postgres-cluster.ts';
import { withChildren } from './cpu-meter.ts';

/**
 * The cloud as it runs at scale, on loopback: a throw-away PostgreSQL cluster, `instances`
 * cloud processes on it, and Debian's HAProxy in front, checking each instance's /readyz.
 * `npm run start:cluster` runs it; the cluster test drives it.
 */
export interface CloudCluster {
  /** The balancer: the cloud's public address. */
  url: string;
  databaseUrl: string;
  /** The PostgreSQL server, which the fault suite stops and starts. */
  postgres: Cluster;
  instances: Instance[];
  /** Process ids of PostgreSQL (the postmaster and its backends) and HAProxy, for benchmarks. */
  pids(): { postgres: number[]; balancer: number[] };
  /**
   * Stops `instance` as systemd does (SIGTERM, waiting for it to exit) and starts the code of
   * `tree` in its place, on the same port; resolves once its /readyz answers 200. A rolling
   * upgrade calls it for each instance in turn (start with `supervise: false`).
   */
  replace(instance: Instance, tree: string): Promise<void>;
  stop(): Promise<void>;
}

export interface Instance {
  name: string;
  url: string;
  /** The instance's current process: a new one after the supervisor restarted it. */
  process: ChildProcess;
  /** How often the supervisor started it again after it exited. */
  restarts: number;
  /** The source tree whose server/main.ts it runs. */
  tree: string;
}

export interface ClusterOptions {
  /** The balancer's port; instances take the ports after it. */
  port: number;
  instances?: number;
  /**
   * A database already running (a primary with its standby behind a balancer of its own) instead
   * of a throw-away cluster; `postgres` is what the cluster reports as its server. Not stopped
   * with the cluster.
   */
  database?: { url: string; postgres: Cluster };
  /** Environment for every instance (SIMULATOR, DEMO_DAYS, …). */
  env?: Record<string, string>;
  /**
   * The source tree the instances run (its server/main.ts, with node_modules beside it): an
   * older release for a rolling upgrade. Default: this one.
   */
  tree?: string;
  postgresPort?: number;
  /** The first instance's port (the others follow); default: the one after the balancer's. */
  instancePort?: number;
  /** Start an instance that exits again, as systemd's Restart=always does (default: on). */
  supervise?: boolean;
  /** How long every instance may take to be ready (seeding the demo included); 240 s unless set. */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
  /** Every line an instance writes (its log), besides being passed on to this process's own. */
  output?: (instance: string, line: string) => void;
  /**
   * HAProxy's log, a line per request (option httplog: status, timers, termination state,
   * retries), for a benchmark that must say where an answer went missing. Off unless set.
   */
  balancerLog?: (line: string) => void;
}

export function haproxyBin(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], {
    encoding: 'utf8',
  });
  const bin = found.stdout.trim().split('\n')[0];
  if (found.status !== 0 || !bin) {
    throw new Error('HAProxy was not found: apt-get install -y haproxy');
  }
  return bin;
}

async function waitReady(url: string, child: ChildProcess | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/readyz`);
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Copies a child's output to ours (when `to` is given) and hands each whole line to `line`. */
function passOn(from: Readable, to: Writable | undefined, line: (text: string) => void): void {
  let rest = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    to?.write(chunk);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const text of lines) line(text);
  });
}

/** HAProxy's own 503 (no instance ready), in the interface's words: deploy/haproxy.cfg has it too. */
const UNAVAILABLE =
  'http-error status 503 content-type "application/json; charset=utf-8" string ' +
  '"{\\"status\\":\\"SERVICE_UNAVAILABLE\\",\\"message\\":\\"No instance of the cloud can answer now; try ' +
  'again in a few seconds.\\"}" hdr retry-after 2';

export function haproxyConfig(
  port: number,
  instances: { name: string; port: number }[],
  logging: boolean,
): string {
  return `global
  maxconn 4096
${logging ? '  log stdout format raw local0\n' : ''}defaults
  mode http
${logging ? '  log global\n  option httplog\n' : ''}  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch
  option http-buffer-request
  # The client's address for the instances, which believe it from loopback only (TRUST_PROXY):
  # sign-ins are throttled per client, not per balancer.
  option forwardfor
  # An instance that dies mid-request: the request goes to another (ingestion and the API's
  # writes are idempotent: a stored message delivered again counts as a duplicate). Not an
  # instance's own 503: retried while no instance is up, HAProxy closes a kept-alive client
  # connection with no answer at all (docs/decisions/0101-balancer-passes-503-on.md).
  retry-on conn-failure empty-response response-timeout
frontend cloud
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  # Which instance answered, for tests that must kill the one serving a stream.
  http-response set-header x-served-by %[srv_name]
  # A 503 always says when to come back: an instance of a release before 0181 answered its
  # closing 503 (Fastify's own) without Retry-After during a rolling upgrade.
  http-response set-header retry-after 1 if { status 503 } !{ res.hdr(retry-after) -m found }
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
  # No instance ready: the interface's error body and Retry-After, as an instance answers.
  ${UNAVAILABLE}
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

/** Waits before starting an instance again: 1 s, doubling while it keeps dying, at most 10 s. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 10_000;
/** An instance that ran this long was healthy: its next restart waits the first delay again. */
const HEALTHY_AFTER_MS = 30_000;

/**
 * The supervisor: an instance whose process exits (a crash, SIGKILL, the OOM killer) is started
 * again on the same port, as systemd's Restart=always does for deploy/telemetry-cloud.service.
 */
function supervise(
  instance: Instance,
  start: () => ChildProcess,
  stopping: () => boolean,
  log: (line: string) => void,
): void {
  let delay = RESTART_FIRST_MS;
  const watch = (child: ChildProcess, startedAt: number) => {
    child.once('exit', (code, signal) => {
      if (stopping()) return;
      if (Date.now() - startedAt > HEALTHY_AFTER_MS) delay = RESTART_FIRST_MS;
      log(
        `${instance.name} exited (${signal ?? `code ${code}`}); starting it again in ${delay} ms`,
      );
      setTimeout(() => {
        if (stopping()) return;
        instance.process = start();
        instance.restarts++;
        watch(instance.process, Date.now());
      }, delay);
      delay = Math.min(delay * 2, RESTART_MAX_MS);
    });
  };
  watch(instance.process, Date.now());
}

export async function startCloudCluster(options: ClusterOptions): Promise<CloudCluster> {
  const log = options.log ?? (() => undefined);
  const count = options.instances ?? 3;
  const url = `http://127.0.0.1:${options.port}`;
  const haproxy = haproxyBin();
  const dir = mkdtempSync(join(tmpdir(), 'telemetry-cluster-'));
  let postgres: Cluster | undefined;
  /** The PostgreSQL this cluster started (and stops); not one it was given. */
  let ownPostgres: Cluster | undefined;
  const instances: Instance[] = [];
  let balancer: ChildProcess | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    balancer?.kill('SIGTERM');
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.process.exitCode !== null || instance.process.signalCode !== null) {
              resolve();
              return;
            }
            instance.process.once('exit', () => resolve());
            instance.process.kill('SIGTERM');
          }),
      ),
    );
    ownPostgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let databaseUrl: string;
    if (options.database) {
      postgres = options.database.postgres;
      databaseUrl = options.database.url;
    } else {
      postgres = await startCluster(
        options.postgresPort !== undefined ? { port: options.postgresPort } : {},
      );
      ownPostgres = postgres;
      await admin(postgres.url(), 'CREATE DATABASE telemetry');
      databaseUrl = postgres.url('telemetry');
    }
    log(`postgres: ${databaseUrl}`);
    const firstPort = options.instancePort ?? options.port + 1;
    // Every instance seals and unseals push secrets and sign-in records with the same key
    // (docs/decisions/0043-secrets-at-rest.md): each DATA_DIR's own key would leave the push
    // holder unable to read a secret another instance set.
    const secretsKey = process.env.SECRETS_KEY || randomBytes(32).toString('base64');
    const firstTree = options.tree ?? process.cwd();
    const run = (name: string, port: number, tree = firstTree) => {
      const child = spawn(process.execPath, [join(tree, 'server/main.ts')], {
        cwd: tree,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          DATABASE_URL: databaseUrl,
          DATA_DIR: join(dir, name),
          PUSH_ALLOW_NETWORKS: 'loopback',
          PUSH_INBOX: 'on',
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'loopback',
          SECRETS_KEY: secretsKey,
          ...options.env,
        },
      });
      passOn(child.stdout, process.stdout, (line) => options.output?.(name, line));
      passOn(child.stderr, process.stderr, (line) => options.output?.(name, line));
      return child;
    };
    for (let i = 0; i < count; i++) {
      const name = `cloud-${i + 1}`;
      const port = firstPort + i;
      const instance: Instance = {
        name,
        url: `http://127.0.0.1:${port}`,
        process: run(name, port),
        restarts: 0,
        tree: firstTree,
      };
      instances.push(instance);
      if (options.supervise ?? true)
        supervise(
          instance,
          () => run(name, port, instance.tree),
          () => stopping,
          log,
        );
      log(`${name}: ${instance.url}`);
    }
    // All start at once, as an orchestrator starts them: one of them seeds the empty database
    // while the others wait for it (server/sim/seed-demo.ts).
    await Promise.all(
      instances.map((i) => waitReady(i.url, i.process, options.readyTimeoutMs ?? 240_000)),
    );
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig(
        options.port,
        instances.map((instance, i) => ({ name: instance.name, port: firstPort + i })),
        options.balancerLog !== undefined,
      ),
    );
    const haproxyProcess = spawn(haproxy, ['-f', config, '-db'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    balancer = haproxyProcess;
    const balancerLog = options.balancerLog;
    if (balancerLog) passOn(haproxyProcess.stdout, undefined, balancerLog);
    else haproxyProcess.stdout.resume();
    await waitReady(url, balancer, 30_000);
    log(`balancer (HAProxy): ${url}`);
    const pids = () => ({
      postgres: postgres ? withChildren(postgres.pid()) : [],
      balancer: balancer?.pid !== undefined ? [balancer.pid] : [],
    });
    const replace = async (instance: Instance, tree: string) => {
      const port = Number(new URL(instance.url).port);
      const old = instance.process;
      if (old.exitCode === null && old.signalCode === null) {
        const exited = new Promise<void>((resolve) => old.once('exit', () => resolve()));
        old.kill('SIGTERM');
        await exited;
      }
      instance.tree = tree;
      instance.process = run(instance.name, port, tree);
      await waitReady(instance.url, instance.process, options.readyTimeoutMs ?? 240_000);
    };
    return { url, databaseUrl, postgres, instances, pids, replace, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
