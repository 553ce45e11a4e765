import { freePorts } from '../test/free-ports.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Timeslice } from '../../contract/timeslice.ts';
import { startCloudCluster, type CloudCluster } from '../cluster-harness/cluster.ts';
import { startReceiver, type TestReceiver } from '../test/receiver.ts';
import { TestEventStream } from '../test/event-stream.ts';
import {
  admin,
  compare,
  GatewayLoad,
  printFigures,
  pushedTs,
  reading,
  ReaderLoad,
  send,
  status,
  Tally,
  waitFor,
  type Figures,
} from './fault-load.ts';
import {
  alarmsOf,
  alive,
  excursionAcrossKill,
  heardNow,
  holderOf,
  threeAlive,
  watchedNode,
  type AlarmSuite,
} from './alarm-faults.ts';

/**
 * The fault suite (issue 17): PostgreSQL, three supervised instances and HAProxy, a gateway
 * delivering and people reading through the balancer, while faults are injected. After each:
 * every acknowledged message stored once, every push event delivered once, every instance back.
 * Runs in the PostgreSQL test run only; its figures are printed at the end.
 */

/** How long PostgreSQL stays away in scenario (b). */
const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_MS ?? 20_000);
/** Timestamps (1 ms apart) a scenario may use: more than any sends in its time. */
const TS_PER_SCENARIO = 200_000;
/** Push intervals of the suite's channels: VAN-F1 and VAN-F2 carry the load, F3/F4 race in (d). */
const INTERVALS: Record<string, number> = { 'VAN-F1': 0, 'VAN-F2': 5, 'VAN-F3': 0, 'VAN-F4': 0 };

describe('the cloud through database faults, failovers and concurrent writers', () => {
  let cluster: CloudCluster;
  let database: pg.Client | undefined;
  let receiver: TestReceiver;
  let gatewayKey = '';
  let quietUuid = '';
  const nodes: Record<string, { uuid: string; id: number }> = {};
  const figures: Figures[] = [];
  // Each scenario's readings have timestamps of their own, all in the past hour.
  let nextTs = Date.now() - 3_000_000;

  const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    // The suite's own connection goes with PostgreSQL in scenario (b): open one when needed.
    if (!database) {
      database = new pg.Client({ connectionString: cluster.databaseUrl });
      database.on('error', () => (database = undefined));
      await database.connect();
    }
    return (await database.query<T>(text, values)).rows;
  };
  const api = async (method: string, path: string) => {
    const answer = await fetch(`${cluster.url}${path}`, {
      method,
      headers: { authorization: admin },
    });
    return { status: answer.status, json: (await answer.json()) as unknown };
  };
  const gatewayCredentials = (serial: string, key: string) =>
    `Basic ${Buffer.from(`${serial}:${key}`).toString('base64')}`;
  const everyInstanceReady = () =>
    waitFor(async () => {
      const answers = await Promise.all(cluster.instances.map((i) => status(`${i.url}/readyz`)));
      return answers.every((s) => s === 200);
    }, 60_000);
  const restarts = () => cluster.instances.reduce((sum, i) => sum + i.restarts, 0);

  const alarmSuite = (): AlarmSuite => ({
    cluster,
    admin,
    gateway: gatewayCredentials('GW-FAULTS', gatewayKey),
    sql,
  });

  /** Stored timestamps of a node's readings, and publications stored twice for it. */
  const storedOf = async (node: string) => {
    const rows = await sql<{ ts: number }>(
      `SELECT r.ts::float8 AS ts FROM readings r JOIN channels c ON c.id = r.node_id
       WHERE c.reference = $1`,
      [node],
    );
    const twice = await sql<{ n: number }>(
      `SELECT (count(*) - count(DISTINCT (sensor_id, ts)))::int AS n FROM channel_data
       WHERE channel_id = $1`,
      [nodes[node]?.id ?? -1],
    );
    return { ts: rows.map((row) => row.ts), twice: twice[0]?.n ?? 0 };
  };

  /**
   * Runs `fault` while the gateway delivers for VAN-F1 (push at interval 0) and VAN-F2 (push at
   * interval 5) and readers list channels; then checks and records the figures.
   */
  const scenario = async (name: string, fault: () => Promise<number | null>) => {
    const gateway = new GatewayLoad(
      cluster.url,
      gatewayCredentials('GW-FAULTS', gatewayKey),
      ['VAN-F1', 'VAN-F2'],
      nextTs,
    );
    const readers = new ReaderLoad(cluster.url, admin);
    const restartsBefore = restarts();
    const firstTs = nextTs;
    gateway.start();
    readers.start();
    let recoveryMs: number | null;
    try {
      recoveryMs = await fault();
      // A few more seconds of normal work after the fault.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      await gateway.stop();
      await readers.stop();
    }
    nextTs += TS_PER_SCENARIO;
    expect(await everyInstanceReady()).toBe(true);

    let lost = 0;
    let duplicated = 0;
    let pushLost = 0;
    let pushDuplicated = 0;
    const pushLostBy: Record<string, number> = {};
    const byInterval: Record<number, { lost: number; duplicated: number }> = {};
    for (const node of ['VAN-F1', 'VAN-F2']) {
      const acknowledged = gateway.acknowledged.get(node) ?? [];
      const stored = await storedOf(node);
      const counted = compare(acknowledged, stored.ts);
      lost += counted.lost;
      duplicated += stored.twice + counted.duplicated;
      // Push: everything stored (since push was set, before any load) arrives, once. Interval 5
      // and a change of holder (15 s lease) may take a while.
      const uuid = nodes[node]?.uuid ?? '';
      await waitFor(() => pushedTs(receiver, uuid).length >= stored.ts.length, 45_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // This scenario's readings only: what an earlier one lost is counted there.
      const mine = stored.ts.filter((ts) => ts >= firstTs && ts < firstTs + TS_PER_SCENARIO);
      const got = pushedTs(receiver, uuid).filter(
        (ts) => ts >= firstTs && ts < firstTs + TS_PER_SCENARIO,
      );
      const pushed = compare(mine, got);
      pushLostBy[node] = pushed.lost;
      byInterval[INTERVALS[node] ?? -1] = pushed;
      if (pushed.lost > 0) {
        const got = new Set(pushedTs(receiver, uuid));
        const missing = stored.ts.filter((ts) => !got.has(ts)).sort((a, b) => a - b);
        console.log(`${name}: push lost for ${node}`, missing.slice(0, 40));
      }
      pushLost += pushed.lost;
      pushDuplicated += pushed.duplicated;
    }
    const tally = new Tally();
    for (const t of [gateway.tally, readers.tally]) {
      tally.requests += t.requests;
      tally.unavailable += t.unavailable;
      tally.otherServerErrors += t.otherServerErrors;
      tally.other += t.other;
    }
    const row: Figures = {
      scenario: name,
      requests: tally.requests,
      unavailable: tally.unavailable,
      otherServerErrors: tally.otherServerErrors,
      other: tally.other,
      lost,
      duplicated,
      pushLost,
      pushDuplicated,
      pushByInterval: byInterval,
      recoveryMs,
      restarts: restarts() - restartsBefore,
    };
    figures.push(row);
    return { row, pushLostBy, odd: [...gateway.tally.odd, ...readers.tally.odd] };
  };

  // Deliveries sent whose claim could not be written (the database went away between the send
  // and the claim's commit): the one case decision 0026 sends twice, once the lease has moved.
  let sentUnclaimed = 0;
  beforeAll(async () => {
    cluster = await startCloudCluster({
      port: await freePorts(),
      env: { DEMO_DAYS: '0', SIMULATOR: 'off' },
      output: (_instance, line) => {
        if (line.includes('push: sent, but its claim waits to be written')) sentUnclaimed += 1;
      },
    });
    // A receiver that keeps idle connections a minute: with Node's 5 s, a delivery after a
    // pause (the database away) may go out on a connection the receiver is closing at that
    // moment, fail, and by the interface not be tried again, which is not what this suite tests.
    receiver = await startReceiver('/hook', 60_000);
    const gateway = (await api('POST', '/v1/gateways/GW-FAULTS')).json as { key: string };
    gatewayKey = gateway.key;
    for (const [node, interval] of Object.entries(INTERVALS)) {
      const made = (await api('POST', `/v1/nodes/${node}?name=${node}`)).json as {
        uuid: string;
      }[];
      const uuid = made[0]?.uuid ?? '';
      const [row] = await sql<{ id: number }>('SELECT id FROM channels WHERE uuid = $1', [uuid]);
      nodes[node] = { uuid, id: row?.id ?? -1 };
      // The racing gateways of (d) write to these two, without push.
      if (node === 'VAN-F3' || node === 'VAN-F4') continue;
      const to = encodeURIComponent(receiver.url);
      const set = await api(
        'PUT',
        `/v1/channels/${uuid}/push?to=${to}&interval=${interval}&secret=fault-suite-secret`,
      );
      expect(set.status).toBe(200);
    }
    // Quiet from the start (never heard, silent 3 s after): raised long before (g) looks.
    quietUuid = await watchedNode(alarmSuite(), 'VAN-QUIET-1', { silentAfterMinutes: 0.05 });
  }, 300_000);

  afterAll(async () => {
    printFigures(figures);
    await database?.end().catch(() => undefined);
    await receiver?.close();
    await cluster?.stop();
  }, 60_000);

  it('(a) survives all its database connections being terminated, five times', async () => {
    const { row, odd } = await scenario('(a) terminate all backends ×5', async () => {
      let worst = 0;
      for (let round = 0; round < 5; round++) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await sql(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = 'telemetry' AND pid <> pg_backend_pid()`,
        );
        const cut = Date.now();
        await waitFor(
          async () => (await status(`${cluster.url}/v1/channels`, admin)) === 200,
          10_000,
        );
        worst = Math.max(worst, Date.now() - cut);
      }
      return worst;
    });
    // No instance died of it: the supervisor had nothing to do.
    expect(row.restarts).toBe(0);
    expect(odd).toEqual([]);
    expect(row).toMatchObject({ otherServerErrors: 0, lost: 0, duplicated: 0 });
    expect(row).toMatchObject({ pushLost: 0, pushDuplicated: 0 });
  }, 180_000);

  it('(b) answers 503 while PostgreSQL is stopped and recovers on its own when it is back', async () => {
    const { row, odd } = await scenario(
      `(b) PostgreSQL stopped ${OUTAGE_MS / 1000} s`,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        sentUnclaimed = 0;
        await database?.end().catch(() => undefined);
        database = undefined;
        cluster.postgres.pause();
        // While it is away: 503 with the reason from every instance, /livez 200 all along.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        for (const instance of cluster.instances) {
          const answer = await fetch(`${instance.url}/v1/channels`, {
            headers: { authorization: admin },
          });
          expect(answer.status).toBe(503);
          expect(answer.headers.get('retry-after')).toBe('2');
          expect(((await answer.json()) as { message: string }).message).toMatch(/database/);
          expect(await status(`${instance.url}/livez`)).toBe(200);
        }
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - 1_000));
        cluster.postgres.resume();
        const back = Date.now();
        // The first 200 of every instance, asked directly.
        const times = await Promise.all(
          cluster.instances.map(async (instance) => {
            await waitFor(
              async () => (await status(`${instance.url}/v1/channels`, admin)) === 200,
              30_000,
            );
            return Date.now() - back;
          }),
        );
        return Math.max(...times);
      },
    );
    expect(row.restarts).toBe(0);
    expect(odd).toEqual([]);
    expect(row.unavailable).toBeGreaterThan(0);
    expect(row).toMatchObject({ otherServerErrors: 0, lost: 0, duplicated: 0 });
    expect(row.pushLost).toBe(0);
    // Stopping PostgreSQL can cut a claim's commit after its delivery went out; the holder then
    // loses its lease before the claim is written, and the next holder sends those events again
    // (0026: at least once there, never lost). Only that, counted from the instances' logs: the
    // claim write covers a batch of deliveries, so a cut one may stand for several events.
    if (sentUnclaimed === 0) expect(row.pushDuplicated).toBe(0);
    // Target 2 s (npm run bench -- faults measures it); bounded looser for a busy machine.
    expect(row.recoveryMs).toBeLessThan(5_000);
  }, 180_000);

  it('(c) delivers waiting interval batches once after the push lease holder is killed', async () => {
    const { row, odd, pushLostBy } = await scenario(
      '(c) SIGKILL the push lease holder',
      async () => {
        // Long enough for a batch to wait at interval 5.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const [lease] = await sql<{ holder: string }>(
          "SELECT holder FROM leases WHERE name = 'push' AND expires_at > $1",
          [Date.now()],
        );
        const holder = cluster.instances.find((i) =>
          (lease?.holder ?? '').startsWith(`${i.process.pid}-`),
        );
        if (!holder) throw new Error('no instance holds push');
        const killed = Date.now();
        holder.process.kill('SIGKILL');
        // Another instance (or the restarted one) takes the lease once it expires.
        await waitFor(async () => {
          const rows = await sql<{ holder: string }>(
            "SELECT holder FROM leases WHERE name = 'push' AND expires_at > $1",
            [Date.now()],
          );
          return rows.length > 0 && rows[0]?.holder !== lease?.holder;
        }, 40_000);
        return Date.now() - killed;
      },
    );
    expect(row.restarts).toBeGreaterThanOrEqual(1);
    expect(odd.filter((s) => s !== 'no answer')).toEqual([]);
    expect(row).toMatchObject({ otherServerErrors: 0, lost: 0, duplicated: 0 });
    // Interval batches waiting at the holder, and single events at interval 0: every one
    // delivered, once (docs/decisions/0026-push-exactly-once.md).
    expect(pushLostBy).toEqual({ 'VAN-F1': 0, 'VAN-F2': 0 });
    expect(row.pushDuplicated).toBe(0);
  }, 180_000);

  it('(d) stores the same new sensors from four gateways at once without a deadlock', async () => {
    const gateways = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const serial = `GW-RACE-${n}`;
        const made = (await api('POST', `/v1/gateways/${serial}`)).json as { key: string };
        return gatewayCredentials(serial, made.key);
      }),
    );
    const tally = new Tally();
    const rounds = 15;
    const base = nextTs;
    nextTs += TS_PER_SCENARIO;
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        gateways.map(async (credentials, g) => {
          const messages = [];
          for (let k = 0; k < 10; k++) {
            for (const node of ['VAN-F3', 'VAN-F4']) {
              messages.push(reading(node, `race-${round}-${k}`, base + round * 4 + g));
            }
          }
          // Every gateway in an order of its own.
          messages.sort(() => Math.random() - 0.5);
          for (let attempt = 0; attempt < 20; attempt++) {
            const answer = await send(cluster.url, credentials, messages);
            tally.count(answer);
            if (answer === 200) return;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          throw new Error('a racing batch was never acknowledged');
        }),
      );
    }
    const [stored] = await sql<{ n: number; sensors: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT r.sensor_id)::int AS sensors FROM readings r
       JOIN channels s ON s.id = r.sensor_id WHERE s.sensor_name LIKE 'race-%'`,
    );
    const expected = rounds * gateways.length * 20;
    figures.push({
      scenario: '(d) 4 gateways, same new sensors',
      requests: tally.requests,
      unavailable: tally.unavailable,
      otherServerErrors: tally.otherServerErrors,
      other: tally.other,
      lost: expected - (stored?.n ?? 0),
      duplicated: 0,
      pushLost: 0,
      pushDuplicated: 0,
      recoveryMs: null,
      restarts: 0,
    });
    expect(tally.otherServerErrors).toBe(0);
    expect(tally.other).toBe(0);
    expect(stored).toEqual({ n: expected, sensors: rounds * 20 });
  }, 120_000);

  it('(e) a live stream whose instance is killed resumes through the balancer, missing nothing', async () => {
    const path = `/v1/channels/${nodes['VAN-F1']?.uuid ?? ''}/events`;
    const received: number[] = [];
    let lastId = '';
    const drain = (stream: TestEventStream) => {
      for (const message of stream.takeTimeslices()) {
        received.push(...message.items.map((item) => (item as unknown as Timeslice).ts));
        lastId = message.id ?? lastId;
      }
    };
    let stream = await TestEventStream.open(`${cluster.url}${path}`, { authorization: admin });
    stream.ended.catch(() => undefined);
    expect(stream.status).toBe(200);
    await stream.take('open');
    const servedBy = stream.headers.get('x-served-by');
    const victim = cluster.instances.find((i) => i.name === servedBy);
    if (!victim) throw new Error(`the stream's instance is unknown: ${servedBy}`);
    let firstTs = Infinity;
    const { row, odd } = await scenario('(e) SIGKILL during a live stream', async () => {
      await waitFor(() => {
        drain(stream);
        return received.length > 20;
      }, 10_000);
      firstTs = Math.min(...received);
      const killed = Date.now();
      victim.process.kill('SIGKILL');
      await stream.ended.catch(() => undefined);
      drain(stream);
      // The client comes back through the balancer with the last id it got.
      for (let attempt = 0; attempt < 50; attempt++) {
        const again = await TestEventStream.open(`${cluster.url}${path}`, {
          authorization: admin,
          'last-event-id': lastId,
        }).catch(() => undefined);
        if (again?.status === 200) {
          stream = again;
          stream.ended.catch(() => undefined);
          break;
        }
        again?.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(stream.status).toBe(200);
      const atReconnect = received.length;
      await waitFor(() => {
        drain(stream);
        return received.length > atReconnect + 20;
      }, 10_000);
      return Date.now() - killed;
    });
    // Everything stored for VAN-F1 since the stream's first event arrived on it, once.
    const stored = (await storedOf('VAN-F1')).ts.filter((ts) => ts >= firstTs);
    await waitFor(() => {
      drain(stream);
      return stored.every((ts) => received.includes(ts));
    }, 10_000);
    stream.close();
    const live = compare(stored, received);
    figures.push({
      ...row,
      scenario: '(e) … the live stream',
      ...live,
      pushLost: 0,
      pushDuplicated: 0,
    });
    expect(row.restarts).toBeGreaterThanOrEqual(1);
    expect(odd.filter((s) => s !== 'no answer')).toEqual([]);
    expect(row).toMatchObject({ otherServerErrors: 0, lost: 0, duplicated: 0 });
    expect(live).toEqual({ lost: 0, duplicated: 0 });
  }, 180_000);

  it('(f) one alarm per excursion when the instance that raised it is SIGKILLed, cleared once', async () => {
    for (const kill of ['after-answer', 'during-request'] as const) {
      const [victim, , streamAt] = await threeAlive(cluster);
      const serial = kill === 'after-answer' ? 'VAN-ALARM-1' : 'VAN-ALARM-2';
      const seen = await excursionAcrossKill(alarmSuite(), serial, victim, streamAt, kill);
      // Exactly one alarm for the excursion, raised by the reading out of the band (which is
      // stored), its peak from the instance that carried on, cleared when back in.
      expect(seen.alarms).toHaveLength(1);
      const [alarm] = seen.alarms;
      expect(alarm).toMatchObject({
        kind: 'temperature',
        state: 'cleared',
        raisedAt: seen.raisedAt,
        raisedBy: { ts: seen.raisedAt, value: 12 },
        peak: { value: 15 },
      });
      expect(seen.raisingReadings).toEqual([{ ts: seen.raisedAt, value: 12 }]);
      // A stream at a third instance heard it raised once and cleared once.
      expect(seen.streamed).toEqual([
        { type: 'raised', id: alarm?.id },
        { type: 'cleared', id: alarm?.id },
      ]);
    }
  }, 180_000);

  it('(g) one silence alarm, not two and not none, when the instance watching silence is SIGKILLed', async () => {
    const suite = alarmSuite();
    await threeAlive(cluster);
    const before = quietUuid;
    // The holder checks as it takes the lease and every minute: the first node is raised there.
    const raised = await waitFor(async () => (await alarmsOf(suite, before)).length > 0, 75_000);
    expect(raised).toBe(true);
    // The lease may be between holders (one that (f) killed, or one late to renew on a busy
    // machine): wait until a live instance holds it, as the successor will within 15 s.
    let holder: Awaited<ReturnType<typeof holderOf>>;
    const held = await waitFor(
      async () => (holder = await holderOf(suite, 'alarms')) !== undefined,
      40_000,
    );
    if (!held || !holder) throw new Error('no live instance took the alarms lease within 40 s');
    // The second node falls quiet as the holder dies (heard just before, silent 6 s later):
    // only the successor, which takes the lease 15 s after, can raise it.
    const after = await watchedNode(suite, 'VAN-QUIET-2', { silentAfterMinutes: 0.1 });
    await heardNow(suite, 'VAN-QUIET-2');
    const killed = Date.now();
    const killedPid = holder.process.pid;
    holder.process.kill('SIGKILL');
    // Any other process may succeed, the killed instance's restarted one too (the supervisor
    // gives the same instance a new process), so the successor is told apart by its pid.
    const successor = await waitFor(async () => {
      const next = await holderOf(suite, 'alarms');
      return next !== undefined && next.process.pid !== killedPid && alive(next);
    }, 40_000);
    expect(successor).toBe(true);
    expect(await waitFor(async () => (await alarmsOf(suite, after)).length > 0, 20_000)).toBe(true);
    const [first, ...moreFirst] = await alarmsOf(suite, before);
    const [second, ...moreSecond] = await alarmsOf(suite, after);
    expect(moreFirst).toEqual([]);
    expect(moreSecond).toEqual([]);
    expect(first).toMatchObject({ kind: 'silence', state: 'raised' });
    expect(first?.raisedAt).toBeLessThan(killed);
    expect(second).toMatchObject({ kind: 'silence', state: 'raised' });
    expect(second?.raisedAt).toBeGreaterThan(killed);
  }, 180_000);
});
