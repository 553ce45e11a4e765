import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-ports.ts';

/**
 * A throw-away PostgreSQL cluster on loopback, for tests, benchmarks and `npm run start:cluster`:
 * Debian's initdb and pg_ctl, run as a non-root user (they refuse root), data in a temporary
 * folder, no durability (fsync off): fast, and gone when stopped.
 */
export interface Cluster {
  port: number;
  /** A connection URL for a database of this cluster. */
  url(database?: string): string;
  /** The postmaster's process id (its backends are its children), for CPU accounting. */
  pid(): number;
  /** Stops the server (fast shutdown: sessions are ended), keeping its data: a database outage. */
  pause(): void;
  /** Starts the paused server again on the same port, with the same data. */
  resume(): void;
  stop(): void;
}

class PostgresUnavailable extends Error {}

const SUPERUSER = 'telemetry';

/** initdb/pg_ctl: PG_BIN, else the newest Debian PostgreSQL (15 or newer), else the PATH. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((version) => version >= 15)
        .sort((a, b) => b - a)
    : [];
  for (const version of versions) {
    const bin = join(root, String(version), 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return join(found.stdout.trim(), '..');
  throw new PostgresUnavailable(
    'PostgreSQL 15 or newer was not found (no initdb under /usr/lib/postgresql/*/bin or on the ' +
      'PATH). Install it (Debian: apt-get install -y postgresql) or set PG_BIN.',
  );
}

/** Who runs the cluster: ourselves, or (as root) the postgres user, made when missing. */
function clusterUser(): string | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'telemetry-pg']) {
    if (spawnSync('id', ['-u', name]).status === 0) return name;
  }
  execFileSync('useradd', [
    '--system',
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    'telemetry-pg',
  ]);
  return 'telemetry-pg';
}

/**
 * Runs PostgreSQL's programs (initdb, pg_ctl, pg_basebackup) in `dir` as the cluster's user (not
 * root: they refuse it); a failure throws with the end of `log`.
 */
export function pgRunner(dir: string, log: string): (command: string, args: string[]) => void {
  const bin = postgresBin();
  const user = clusterUser();
  return (command: string, args: string[]) => {
    const [file, argv] = user
      ? ['runuser', ['-u', user, '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      const why = result.error
        ? `${file}: ${result.error.message}`
        : result.stderr || result.stdout;
      throw new Error(`${command} failed: ${why}\n${tail}`);
    }
  };
}

/** A temporary folder every user may write (the cluster's user among them). */
export function clusterDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'telemetry-pg-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** pg_ctl's -o: loopback only, the socket in `dir`, no durability; `durable` keeps commits synchronous. */
export function serverSettings(port: number, dir: string, durable = false): string {
  return [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    // A synchronous standby needs commits that wait for it (docs/operating.md).
    ...(durable ? [] : ['-c synchronous_commit=off']),
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=128MB',
  ].join(' ');
}

export async function startCluster(
  options: { port?: number; durable?: boolean } = {},
): Promise<Cluster & { data: string; dir: string }> {
  const dir = clusterDir();
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const run = pgRunner(dir, log);
  const port = options.port ?? (await freePort());
  const settings = serverSettings(port, dir, options.durable);
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      SUPERUSER,
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    run('pg_ctl', ['-D', data, '-l', log, '-o', settings, '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    port,
    data,
    dir,
    url: (database = 'postgres') => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: () => run('pg_ctl', ['-D', data, '-l', log, '-o', settings, '-w', '-t', '60', 'start']),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs one statement as the cluster's superuser (CREATE/DROP DATABASE). */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
