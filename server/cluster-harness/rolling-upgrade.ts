import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCloudCluster, type CloudCluster } from './cluster.ts';
import { ResumingStream } from './resuming-stream.ts';
import { startReceiver, type TestReceiver } from '../test/receiver.ts';
import {
  admin,
  compare,
  connectionTrouble,
  GatewayLoad,
  pushedTs,
  status,
  Tally,
  waitFor,
} from '../faults/fault-load.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const git = (...args: string[]) =>
  spawnSync('git', args, { encoding: 'utf8' }).stdout.trim() || undefined;

/**
 * The release to upgrade from: `from` (a commit), else where this branch left main (its
 * merge-base), else the first parent of HEAD (on main: the release before the last merge). A
 * clone without that history (a shallow CI checkout) upgrades between two copies of this tree,
 * and says so.
 */
function previousRelease(from?: string): { commit: string; note: string } {
  const head = git('rev-parse', 'HEAD') ?? 'HEAD';
  const candidates = [from, git('merge-base', 'HEAD', 'main'), git('rev-parse', 'HEAD^1')];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const commit = git('rev-parse', '--verify', '--quiet', `${candidate}^{commit}`);
    if (commit && commit !== head) return { commit, note: `from ${commit.slice(0, 7)}` };
    if (commit && candidate === from) return { commit, note: `from ${commit.slice(0, 7)}` };
  }
  return {
    commit: head,
    note: 'from this same commit: the previous release is not in this clone (shallow history)',
  };
}

/**
 * A copy of `commit`'s tree (`git archive`, so the repository's own worktree list is left alone)
 * with node_modules: this tree's when the lockfiles are the same, else `npm ci` there.
 */
function releaseTree(commit: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'telemetry-release-'));
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  const sameLock =
    spawnSync('git', ['diff', '--quiet', commit, 'HEAD', '--', 'package-lock.json']).status === 0;
  if (sameLock && existsSync('node_modules')) {
    symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  } else {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface UpgradeFigures {
  note: string;
  requests: number;
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  otherServerErrors: number;
  /** 4xx or no answer at all. */
  other: number;
  odd: string[];
  lost: number;
  duplicated: number;
  pushLost: number;
  pushDuplicated: number;
  /** The longest time between two push deliveries while instances were replaced. */
  pushGapMs: number;
  streamMissing: number;
  streamReconnects: number;
  streamRefused: string[];
  readerP99BeforeMs: number;
  readerP99DuringMs: number;
  unavailablePerMinute: number;
  upgradeMs: number;
  /** The previous release started on the migrated database and answered a listing 200. */
  rollbackServes: boolean;
}

/**
 * Starts the previous release's code on the database the upgrade migrated, on `port`, and asks
 * it for a listing: whether a rollback (or an instance not yet upgraded restarting) would serve.
 */
async function previousServes(
  tree: string,
  cluster: CloudCluster,
  env: Record<string, string>,
  port: number,
): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-previous-'));
  const child = spawn(process.execPath, [join(tree, 'server/main.ts')], {
    cwd: tree,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    // Asked with fetch itself: refusals while it starts are no client's missing answers.
    const ready = await waitFor(
      () =>
        fetch(`${url}/readyz`).then(
          (answer) => answer.status === 200,
          () => false,
        ),
      120_000,
    );
    return ready && (await status(`${url}/v1/channels`, admin)) === 200;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/** Another user reading through the balancer, timing each answer. */
function timedReader(base: string, tally: Tally) {
  const times: { at: number; ms: number }[] = [];
  let stopping = false;
  const running = (async () => {
    while (!stopping) {
      const started = performance.now();
      tally.count(await status(`${base}/v1/channels?channelType=NODE`, admin));
      times.push({ at: Date.now(), ms: performance.now() - started });
      await sleep(50);
    }
  })();
  return {
    times,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

/**
 * The drill: three instances of the previous release behind HAProxy on PostgreSQL, a gateway
 * delivering (push at interval 0 to a receiver), a user reading, a browser's live stream; then
 * each instance replaced by this tree's code, one at a time (SIGTERM, start, ready). Returns what
 * the clients saw.
 */
export async function rollingUpgrade(options: {
  port: number;
  from?: string;
  log?: (line: string) => void;
  /** Seconds of load before the upgrade (the readers' baseline). */
  baselineMs?: number;
}): Promise<UpgradeFigures> {
  const log = options.log ?? (() => undefined);
  const release = previousRelease(options.from);
  log(`rolling upgrade ${release.note}`);
  const old = releaseTree(release.commit);
  let cluster: CloudCluster | undefined;
  let receiver: TestReceiver | undefined;
  try {
    const env = {
      DEMO_DAYS: '0',
      SIMULATOR: 'off',
      SHUTDOWN_DRAIN_MS: '3000',
      SECRETS_KEY: process.env.SECRETS_KEY || randomBytes(32).toString('base64'),
    };
    cluster = await startCloudCluster({
      port: options.port,
      tree: old.dir,
      supervise: false,
      env,
      log,
    });
    const base = cluster.url;
    receiver = await startReceiver('/hook', 60_000);
    const call = async (method: string, path: string) => {
      const answer = await fetch(`${base}${path}`, { method, headers: { authorization: admin } });
      return (await answer.json()) as unknown;
    };
    const { key } = (await call('POST', '/v1/gateways/GW-UPGRADE')) as { key: string };
    const [node] = (await call('POST', '/v1/nodes/VAN-U1?name=VAN-U1')) as { uuid: string }[];
    const uuid = node?.uuid ?? '';
    const to = encodeURIComponent(receiver.url);
    await call('PUT', `/v1/channels/${uuid}/push?to=${to}&interval=0&secret=upgrade-secret`);

    const gateway = new GatewayLoad(
      base,
      `Basic ${Buffer.from(`GW-UPGRADE:${key}`).toString('base64')}`,
      ['VAN-U1'],
      Date.now() - 3_000_000,
    );
    const readerTally = new Tally();
    const stream = new ResumingStream(`${base}/v1/channels/${uuid}/events`, admin);
    await stream.start();
    gateway.start();
    const reader = timedReader(base, readerTally);
    await sleep(options.baselineMs ?? 5_000);
    const upgradeStarted = Date.now();
    for (const instance of cluster.instances) {
      log(`replacing ${instance.name}`);
      await cluster.replace(instance, process.cwd());
      // HAProxy's check (1 s) puts it back in before the next goes.
      await waitFor(async () => (await status(`${base}/readyz`)) === 200, 10_000);
      await sleep(1_500);
    }
    const upgradeEnded = Date.now();
    await sleep(2_000);
    await reader.stop();
    await gateway.stop();
    // A way back: the previous release starts and serves on the database this one migrated.
    const rollbackServes = await previousServes(old.dir, cluster, env, options.port + 4);

    const acknowledged = gateway.acknowledged.get('VAN-U1') ?? [];
    const database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
    const { rows } = await database
      .query<{ ts: number }>(
        `SELECT r.ts::float8 AS ts FROM readings r JOIN channels c ON c.id = r.node_id
         WHERE c.reference = 'VAN-U1'`,
      )
      .finally(() => database.end());
    const stored = rows.map((row) => row.ts);
    const counted = compare(acknowledged, stored);
    const delivered = receiver;
    await waitFor(() => pushedTs(delivered, uuid).length >= stored.length, 30_000);
    await waitFor(() => new Set(stream.seen).size >= new Set(stored).size, 30_000);
    await stream.stop();
    const pushed = compare(stored, pushedTs(receiver, uuid));
    const arrivals = receiver.received
      .map((r) => r.at)
      .filter((at) => at >= upgradeStarted && at <= upgradeEnded);
    let pushGapMs = 0;
    for (let i = 1; i < arrivals.length; i++) {
      pushGapMs = Math.max(pushGapMs, (arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0));
    }
    const tally = new Tally();
    for (const t of [gateway.tally, readerTally]) {
      tally.requests += t.requests;
      tally.unavailable += t.unavailable;
      tally.otherServerErrors += t.otherServerErrors;
      tally.other += t.other;
      tally.odd.push(...t.odd);
    }
    const before = reader.times.filter((t) => t.at < upgradeStarted).map((t) => t.ms);
    const during = reader.times
      .filter((t) => t.at >= upgradeStarted && t.at <= upgradeEnded)
      .map((t) => t.ms);
    const upgradeMs = upgradeEnded - upgradeStarted;
    return {
      note: release.note,
      requests: tally.requests,
      unavailable: tally.unavailable,
      unavailableWithoutRetryAfter: connectionTrouble().unavailableWithoutRetryAfter.length,
      otherServerErrors: tally.otherServerErrors,
      other: tally.other,
      odd: tally.odd,
      lost: counted.lost,
      duplicated: counted.duplicated,
      pushLost: pushed.lost,
      pushDuplicated: pushed.duplicated,
      pushGapMs,
      streamMissing: compare(stored, stream.seen).lost,
      streamReconnects: stream.reconnects,
      streamRefused: stream.refused,
      readerP99BeforeMs: Math.round(p99(before)),
      readerP99DuringMs: Math.round(p99(during)),
      unavailablePerMinute: Math.round((tally.unavailable / upgradeMs) * 60_000 * 10) / 10,
      upgradeMs,
      rollbackServes,
    };
  } finally {
    await receiver?.close();
    await cluster?.stop();
    old.cleanup();
  }
}

export function printUpgrade(figures: UpgradeFigures): void {
  console.log(
    `\nrolling upgrade of three instances (${figures.note}), ${figures.upgradeMs} ms:\n` +
      `  requests ${figures.requests}, 503 ${figures.unavailable} (${figures.unavailablePerMinute}/min, ` +
      `${figures.unavailableWithoutRetryAfter} without Retry-After), other 5xx ${figures.otherServerErrors}, ` +
      `other ${figures.other} ${figures.odd.join(' ')}\n` +
      `  acknowledged lost ${figures.lost}, duplicated ${figures.duplicated}; push lost ${figures.pushLost}, ` +
      `duplicated ${figures.pushDuplicated}, longest gap ${figures.pushGapMs} ms\n` +
      `  stream: missing ${figures.streamMissing}, reconnects ${figures.streamReconnects}, refused [${figures.streamRefused.join(', ')}]\n` +
      `  other users' listing p99: before ${figures.readerP99BeforeMs} ms, during ${figures.readerP99DuringMs} ms\n` +
      `  the previous release on the migrated database: ${figures.rollbackServes ? 'serves' : 'DOES NOT SERVE'}`,
  );
  const { unavailableWithoutRetryAfter, noAnswers } = connectionTrouble();
  if (unavailableWithoutRetryAfter.length > 0) {
    console.log('503 without Retry-After:', unavailableWithoutRetryAfter.slice(0, 10));
  }
  if (noAnswers.length > 0) console.log('no answer:', noAnswers.slice(0, 10));
}
