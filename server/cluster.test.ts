import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { PushDelivery } from '../contract/push.ts';
import type { Timeslice } from '../contract/timeslice.ts';
import { startCloudCluster, type CloudCluster } from '../scripts/cluster/cluster.ts';
import { startReceiver, type TestReceiver } from './test/receiver.ts';
import { TestEventStream } from './test/event-stream.ts';
import { PASSWORD_REALM_GRANT, REALM } from './auth/password-realm.ts';

/** Four ports in a row that nobody listens on (the balancer and three instances). */
async function freePorts(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all([0, 1, 2, 3].map((i) => free(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error('no four free ports in a row');
}

/**
 * The cloud as it runs at scale (issue 11.5): PostgreSQL, three instances and HAProxy on
 * loopback (scripts/cluster/cluster.ts). Runs in the PostgreSQL test run only.
 */
describe('three instances behind HAProxy', () => {
  let cluster: CloudCluster;
  let receiver: TestReceiver;
  let token = '';
  const api = async (base: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };

  beforeAll(async () => {
    cluster = await startCloudCluster({
      port: await freePorts(),
      env: { SIMULATOR: 'off', DEMO_DAYS: '0' },
    });
    receiver = await startReceiver();
    // Signing in through the balancer: the token comes from whichever instance it reached.
    const answer = await fetch(`${cluster.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: PASSWORD_REALM_GRANT,
        realm: REALM,
        audience: 'https://api.telemetry.local',
        client_id: 'cli',
        username: 'admin',
        password: 'demo-admin',
        scope: 'openid',
      }),
    });
    expect(answer.status).toBe(200);
    token = ((await answer.json()) as { access_token: string }).access_token;
  }, 300_000);
  afterAll(async () => {
    await receiver?.close();
    await cluster?.stop();
  }, 60_000);

  it('takes a token from one instance at every instance', async () => {
    for (const instance of cluster.instances) {
      expect((await api(instance.url, 'GET', '/v1/userinfo')).status).toBe(200);
    }
  });

  it('streams through the balancer what another instance ingested, at once (no buffering), and resumes at another instance', async () => {
    const [one, two, three] = cluster.instances;
    if (!one || !two || !three) throw new Error('instances missing');
    const gateway = (await api(cluster.url, 'POST', '/v1/gateways/GW-LIVE')).json as {
      key: string;
    };
    const node = (await api(cluster.url, 'POST', '/v1/nodes/VAN-LIVE?name=Van%20Live')).json as {
      uuid: string;
    }[];
    const nodeUuid = node[0]?.uuid ?? '';
    const basic = `Basic ${Buffer.from(`GW-LIVE:${gateway.key}`).toString('base64')}`;
    const deliver = async (through: string, ts: number) => {
      const answer = await fetch(`${through}/v1/ingest`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [
            { node: 'VAN-LIVE', sensor: 'temp', type: 'TEMP', ts, value: { temperature: 4 } },
          ],
        }),
      });
      expect(answer.status).toBe(200);
    };

    const stream = await TestEventStream.open(`${cluster.url}/v1/channels/${nodeUuid}/events`, {
      authorization: `Bearer ${token}`,
    });
    expect(stream.status).toBe(200);
    const opened = await stream.take('open');
    // Every instance in turn ingests one reading; each arrives through the balancer within a
    // second: HAProxy passes the stream on as it is written.
    const sent: number[] = [];
    let last = opened;
    for (const instance of [one, two, three]) {
      const ts = Date.now();
      sent.push(ts);
      const started = Date.now();
      await deliver(instance.url, ts);
      last = await stream.take('timeslices', 5_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect((last.data as Timeslice[]).map((item) => item.ts)).toEqual([ts]);
    }
    stream.close();

    // Missed while away, resumed through the balancer (whichever instance it reaches).
    const missed = Date.now();
    await deliver(two.url, missed);
    const resumed = await TestEventStream.open(`${cluster.url}/v1/channels/${nodeUuid}/events`, {
      authorization: `Bearer ${token}`,
      'last-event-id': last.id ?? '',
    });
    expect(((await resumed.take('timeslices')).data as Timeslice[]).map((i) => i.ts)).toEqual([
      missed,
    ]);
    expect((await resumed.take('open')).data).toEqual({ replayed: 'events', missed: false });
    resumed.close();
  }, 60_000);

  it('pushes every event once: push set through one instance, data through another, and none lost when an instance is killed', async () => {
    const [one, two] = cluster.instances;
    if (!one || !two) throw new Error('instances missing');
    const gateway = (await api(cluster.url, 'POST', '/v1/gateways/GW-CLUSTER')).json as {
      key: string;
    };
    const node = (await api(cluster.url, 'POST', '/v1/nodes/VAN-CLUSTER?name=Van%20Cluster'))
      .json as { uuid: string }[];
    const nodeUuid = node[0]?.uuid ?? '';
    const to = encodeURIComponent(receiver.url);
    expect(
      (await api(one.url, 'PUT', `/v1/channels/${nodeUuid}/push?to=${to}&secret=cluster-secret`))
        .status,
    ).toBe(200);

    // The gateway delivers through the balancer, and tries a batch again when it gets no answer.
    const basic = `Basic ${Buffer.from(`GW-CLUSTER:${gateway.key}`).toString('base64')}`;
    const acknowledged: number[] = [];
    const base = Date.now() - 600_000;
    const deliver = async (through: string, batch: number) => {
      const ts = Array.from({ length: 20 }, (_, i) => base + batch * 20 + i);
      const messages = ts.map((t) => ({
        node: 'VAN-CLUSTER',
        sensor: 'temp',
        type: 'TEMP',
        ts: t,
        value: { ts: Math.floor(t / 1000), temperature: 5 },
      }));
      for (let attempt = 0; attempt < 10; attempt++) {
        try {
          const answer = await fetch(`${through}/v1/ingest`, {
            method: 'POST',
            headers: { authorization: basic, 'content-type': 'application/json' },
            body: JSON.stringify({ messages }),
          });
          if (answer.status === 200) {
            acknowledged.push(...ts);
            return;
          }
        } catch {
          // the connection broke: try again
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`batch ${batch} was never acknowledged`);
    };
    // Data through another instance than the one push was set at.
    for (let batch = 0; batch < 5; batch++) await deliver(two.url, batch);

    // Kill an instance that is not delivering push (SIGKILL: no goodbye) while data flows.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const leases = await client.query<{ name: string; holder: string }>(
      'SELECT name, holder FROM leases',
    );
    await client.end();
    const pushHolder = leases.rows.find((row) => row.name === 'push')?.holder ?? '';
    const victim = cluster.instances.find(
      (instance) => !pushHolder.startsWith(`${instance.process.pid}-`),
    );
    if (!victim) throw new Error('no instance to kill');
    const flowing = (async () => {
      for (let batch = 5; batch < 40; batch++) await deliver(cluster.url, batch);
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    victim.process.kill('SIGKILL');
    await flowing;

    // Every acknowledged message is stored.
    const stored = new Set<number>();
    for (let to = Date.now(); to > base - 1;) {
      const page = (
        await api(
          cluster.url,
          'GET',
          `/v1/channels/${nodeUuid}/history?from=${base}&to=${to}&count=10000`,
        )
      ).json as Timeslice[];
      for (const item of page) stored.add(item.ts);
      if (page.length < 10_000) break;
      to = page.at(-1)?.ts ?? base;
    }
    expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);

    // Push: every stored event arrives, none twice.
    const pushed = () =>
      receiver.received.flatMap((r) =>
        (JSON.parse(r.body) as PushDelivery).events.map((e) => e.ts),
      );
    const deadline = Date.now() + 20_000;
    while (pushed().length < stored.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushed().length).toBe(new Set(pushed()).size);
    expect(new Set(pushed())).toEqual(stored);
  }, 120_000);
});
