import pg from 'pg';
import { startCloudCluster, type CloudCluster } from './cluster.ts';
import { startReplicatedPostgres, type ReplicatedPostgres } from './standby.ts';
import {
  admin,
  compare,
  connectionTrouble,
  GatewayLoad,
  ReaderLoad,
  status,
  Tally,
  waitFor,
} from '../faults/fault-load.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TakeoverFigures {
  /** Per instance: from the promotion to its first 200, asked directly. */
  instanceMs: number[];
  /** From the promotion to the first 200 through HAProxy. */
  balancerMs: number;
  requests: number;
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  otherServerErrors: number;
  other: number;
  odd: string[];
  acknowledged: number;
  lost: number;
  duplicated: number;
}

/**
 * The standby drill (docs/operating.md): a primary with a synchronous standby behind a balancer
 * that finds the primary, three instances behind HAProxy, a gateway delivering and a user
 * reading; the primary's postmaster SIGKILLed, then the standby promoted.
 */
export async function standbyTakeover(options: {
  port: number;
  log?: (line: string) => void;
}): Promise<TakeoverFigures> {
  let database: ReplicatedPostgres | undefined;
  let cluster: CloudCluster | undefined;
  try {
    database = await startReplicatedPostgres();
    const replicated = database;
    cluster = await startCloudCluster({
      port: options.port,
      database: { url: replicated.url('telemetry'), postgres: replicated.primary },
      env: { DEMO_DAYS: '0', SIMULATOR: 'off' },
      ...(options.log ? { log: options.log } : {}),
    });
    const base = cluster.url;
    const made = await fetch(`${base}/v1/gateways/GW-STANDBY`, {
      method: 'POST',
      headers: { authorization: admin },
    });
    const { key } = (await made.json()) as { key: string };
    await fetch(`${base}/v1/nodes/VAN-S1?name=VAN-S1`, {
      method: 'POST',
      headers: { authorization: admin },
    });
    const gateway = new GatewayLoad(
      base,
      `Basic ${Buffer.from(`GW-STANDBY:${key}`).toString('base64')}`,
      ['VAN-S1'],
      Date.now() - 3_000_000,
    );
    const readers = new ReaderLoad(base, admin);
    gateway.start();
    readers.start();
    let instanceMs: number[] = [];
    let balancerMs = -1;
    try {
      await sleep(2_000);
      replicated.killPrimary();
      // The instances notice (503s) before the operator promotes.
      await sleep(1_000);
      replicated.promote();
      const promotedAt = Date.now();
      const first = waitFor(
        async () => (await status(`${base}/v1/channels`, admin)) === 200,
        30_000,
      ).then(() => (balancerMs = Date.now() - promotedAt));
      instanceMs = await Promise.all(
        cluster.instances.map(async (instance) => {
          await waitFor(
            async () => (await status(`${instance.url}/v1/channels`, admin)) === 200,
            30_000,
          );
          return Date.now() - promotedAt;
        }),
      );
      await first;
      await sleep(2_000);
    } finally {
      await gateway.stop();
      await readers.stop();
    }
    const client = new pg.Client({ connectionString: replicated.url('telemetry') });
    await client.connect();
    const { rows } = await client
      .query<{ ts: number }>(
        `SELECT r.ts::float8 AS ts FROM readings r JOIN channels c ON c.id = r.node_id
         WHERE c.reference = 'VAN-S1'`,
      )
      .finally(() => client.end());
    const acknowledged = gateway.acknowledged.get('VAN-S1') ?? [];
    const counted = compare(
      acknowledged,
      rows.map((row) => row.ts),
    );
    const tally = new Tally();
    for (const t of [gateway.tally, readers.tally]) {
      tally.requests += t.requests;
      tally.unavailable += t.unavailable;
      tally.otherServerErrors += t.otherServerErrors;
      tally.other += t.other;
      tally.odd.push(...t.odd);
    }
    return {
      instanceMs,
      balancerMs,
      requests: tally.requests,
      unavailable: tally.unavailable,
      unavailableWithoutRetryAfter: connectionTrouble().unavailableWithoutRetryAfter.length,
      otherServerErrors: tally.otherServerErrors,
      other: tally.other,
      odd: tally.odd,
      acknowledged: acknowledged.length,
      lost: counted.lost,
      duplicated: counted.duplicated,
    };
  } finally {
    await cluster?.stop();
    database?.stop();
  }
}

export function printTakeover(figures: TakeoverFigures): void {
  console.log(
    `\nstandby takeover: every instance serving ${Math.max(...figures.instanceMs)} ms after the ` +
      `promotion (${figures.instanceMs.join(', ')} ms); first 200 through HAProxy after ` +
      `${figures.balancerMs} ms\n  requests ${figures.requests}, 503 ${figures.unavailable} ` +
      `(${figures.unavailableWithoutRetryAfter} without Retry-After), other 5xx ` +
      `${figures.otherServerErrors}, other ${figures.other} ${figures.odd.join(' ')}; ` +
      `acknowledged ${figures.acknowledged}, lost ${figures.lost}, duplicated ${figures.duplicated}`,
  );
}
