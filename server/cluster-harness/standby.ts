import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { haproxyBin } from './cluster.ts';
import {
  admin,
  clusterDir,
  pgRunner,
  serverSettings,
  startCluster,
  type Cluster,
} from '../test/postgres-cluster.ts';
import { freePort } from '../test/free-ports.ts';

/**
 * A PostgreSQL primary with a synchronous streaming standby, and a balancer in front of them that
 * sends connections to whichever is the primary now (docs/operating.md, "A standby that takes
 * over"). The cloud's DATABASE_URL names the balancer: node-postgres connects to one host only
 * (no libpq-style host lists or target_session_attrs), so following a promotion is the
 * balancer's work, as with Patroni, whose REST API answers the same question HAProxy asks here.
 */
export interface ReplicatedPostgres {
  /** The balancer's URL for `database`: what DATABASE_URL names. */
  url(database?: string): string;
  primary: Cluster;
  /** SIGKILLs the primary's postmaster: its machine is lost. */
  killPrimary(): void;
  /** `pg_ctl promote` on the standby: the operator's command (or Patroni's) after the loss. */
  promote(): void;
  stop(): void;
}

const STANDBY_NAME = 'standby1';

/**
 * "Is this node the primary?" over HTTP, as HAProxy's check asks it: 200 when
 * `pg_is_in_recovery()` is false, 503 otherwise or when the node does not answer. Patroni's REST
 * API (`GET /primary` on port 8008) answers the same; with Patroni this goes away.
 */
async function primaryCheck(url: string): Promise<{ port: number; server: Server }> {
  const server = createServer((_request, response) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    client
      .connect()
      .then(() => client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby'))
      .then((result) => response.writeHead(result.rows[0]?.standby === false ? 200 : 503).end())
      .catch(() => response.writeHead(503).end())
      .finally(() => void client.end().catch(() => undefined));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, server };
}

/** HAProxy in TCP mode in front of both nodes; only the one whose check answers 200 gets connections. */
function postgresBalancerConfig(
  port: number,
  nodes: { name: string; port: number; checkPort: number }[],
): string {
  return `global
  maxconn 2048
defaults
  mode tcp
  timeout connect 2s
  # Pooled connections and the event bus's LISTEN sit idle for long.
  timeout client 1h
  timeout server 1h
listen postgres
  bind 127.0.0.1:${port}
  option httpchk GET /primary
  http-check expect status 200
  # A node that stops being the primary loses its sessions at once: the cloud's pool opens new
  # ones, which go to the new primary once its check passes.
  default-server inter 500ms fall 1 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check port ${n.checkPort}`).join('\n')}
`;
}

export async function startReplicatedPostgres(
  options: { port?: number } = {},
): Promise<ReplicatedPostgres> {
  const primary = await startCluster({ durable: true });
  const standbyDir = clusterDir();
  const standbyData = join(standbyDir, 'data');
  const standbyLog = join(standbyDir, 'postgres.log');
  const run = pgRunner(standbyDir, standbyLog);
  const standbyPort = await freePort();
  let balancer: ChildProcess | undefined;
  const checks: Server[] = [];
  const stop = () => {
    balancer?.kill('SIGTERM');
    for (const check of checks) check.close();
    try {
      run('pg_ctl', ['-D', standbyData, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(standbyDir, { recursive: true, force: true });
    try {
      primary.stop();
    } catch {
      // its postmaster was killed: pg_ctl finds nothing to stop
      rmSync(primary.dir, { recursive: true, force: true });
    }
  };
  try {
    await admin(primary.url(), 'CREATE DATABASE telemetry');
    run('pg_basebackup', [
      '-D',
      standbyData,
      '-d',
      `host=127.0.0.1 port=${primary.port} user=telemetry application_name=${STANDBY_NAME}`,
      '-X',
      'stream',
      '-R',
      '--no-sync',
      // A checkpoint at once: the default spreads it over minutes.
      '--checkpoint=fast',
    ]);
    // Its name, as the primary's synchronous_standby_names expects it.
    appendFileSync(
      join(standbyData, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=telemetry application_name=${STANDBY_NAME}'\n`,
    );
    const settings = serverSettings(standbyPort, standbyDir, true);
    run('pg_ctl', ['-D', standbyData, '-l', standbyLog, '-o', settings, '-w', '-t', '60', 'start']);
    // Synchronous once the standby streams: every commit then waits for it (no acknowledged
    // message only on the primary). Set per role: the command line's default is not durable.
    const client = new pg.Client({ connectionString: primary.url() });
    await client.connect();
    try {
      for (let waited = 0; ; waited += 100) {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_replication WHERE application_name = $1',
          [STANDBY_NAME],
        );
        if ((rows[0]?.n ?? 0) > 0) break;
        if (waited > 30_000) throw new Error('the standby did not connect to the primary');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`ALTER SYSTEM SET synchronous_standby_names = '${STANDBY_NAME}'`);
      await client.query('SELECT pg_reload_conf()');
      await client.query('ALTER ROLE telemetry SET synchronous_commit = on');
    } finally {
      await client.end();
    }
    const standbyUrl = `postgres://telemetry@127.0.0.1:${standbyPort}/postgres`;
    const [a, b] = await Promise.all([primaryCheck(primary.url()), primaryCheck(standbyUrl)]);
    checks.push(a.server, b.server);
    const port = options.port ?? (await freePort());
    const config = join(standbyDir, 'haproxy-postgres.cfg');
    writeFileSync(
      config,
      postgresBalancerConfig(port, [
        { name: 'pg-a', port: primary.port, checkPort: a.port },
        { name: 'pg-b', port: standbyPort, checkPort: b.port },
      ]),
    );
    balancer = spawn(haproxyBin(), ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    balancer.stderr?.resume();
    // Ready once a session through it answers.
    for (let waited = 0; ; waited += 100) {
      try {
        await admin(`postgres://telemetry@127.0.0.1:${port}/postgres`, 'SELECT 1');
        break;
      } catch (error) {
        if (waited > 15_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return {
      url: (database = 'postgres') => `postgres://telemetry@127.0.0.1:${port}/${database}`,
      primary,
      killPrimary: () => {
        const pid = Number(
          readFileSync(join(primary.data, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        process.kill(pid, 'SIGKILL');
      },
      promote: () => run('pg_ctl', ['-D', standbyData, '-w', '-t', '30', 'promote']),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
