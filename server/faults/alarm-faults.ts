import type pg from 'pg';
import type { Alarm, AlarmPage } from '../../contract/alarms.ts';
import type { CloudCluster, Instance } from '../cluster-harness/cluster.ts';
import { TestEventStream } from '../test/event-stream.ts';
import { send, waitFor, type Message } from './fault-load.ts';

/**
 * Alarms through an instance's death (issue 24), for the fault suite (cluster-faults.test.ts):
 * an excursion begun at one instance, which is SIGKILLed, and continued at another; silence
 * watched by the lease holder, which is SIGKILLed. What they saw is returned for the test to
 * judge: every alarm of the node, and the `alarm` messages a stream at a third instance got.
 */
export interface AlarmSuite {
  cluster: CloudCluster;
  admin: string;
  gateway: string;
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
}

const MIN = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const temp = (node: string, ts: number, temperature: number): Message => ({
  node,
  sensor: 'temp',
  type: 'TEMP',
  ts,
  value: { ts: Math.floor(ts / 1000), temperature },
});

export const alive = (instance: Instance) =>
  instance.process.exitCode === null && instance.process.signalCode === null;

async function call(suite: AlarmSuite, method: string, path: string): Promise<unknown> {
  const answer = await fetch(`${suite.cluster.url}${path}`, {
    method,
    headers: { authorization: suite.admin },
  });
  const body: unknown = await answer.json();
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body;
}

/** A new node with a temperature band (or silence), and its uuid. */
export async function watchedNode(suite: AlarmSuite, serial: string, properties: unknown) {
  const made = (await call(suite, 'POST', `/v1/nodes/${serial}?name=${serial}`)) as {
    uuid: string;
  }[];
  const uuid = made[0]?.uuid ?? '';
  const text = encodeURIComponent(JSON.stringify(properties));
  await call(suite, 'PUT', `/v1/channels/${uuid}/properties?properties=${text}`);
  return uuid;
}

/** Delivers a batch as a gateway does: again (through the balancer) until it is acknowledged. */
async function deliver(suite: AlarmSuite, messages: Message[]): Promise<void> {
  // The balancer may still send to the killed instance until its health check has seen it.
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    if ((await send(suite.cluster.url, suite.gateway, messages)) === 200) return;
    await sleep(250);
  }
  throw new Error('a batch was never acknowledged');
}

/** A reading of `serial` now: heard from, it is quiet from this moment. */
export const heardNow = (suite: AlarmSuite, serial: string) =>
  deliver(suite, [temp(serial, Date.now(), 4)]);

/** Every alarm of a node (of every state), asked through the balancer. */
export async function alarmsOf(suite: AlarmSuite, nodeUuid: string): Promise<Alarm[]> {
  const page = (await call(suite, 'GET', `/v1/alarms?channel=${nodeUuid}`)) as AlarmPage;
  return page.alarms;
}

/** Three live instances: the one to kill, the one that carries on, the one that streams. */
export async function threeAlive(cluster: CloudCluster): Promise<[Instance, Instance, Instance]> {
  const ready = await waitFor(async () => {
    if (!cluster.instances.every(alive)) return false;
    const answers = await Promise.all(
      cluster.instances.map((i) =>
        fetch(`${i.url}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    return answers.every((status) => status === 200);
  }, 60_000);
  const [a, b, c] = cluster.instances;
  if (!ready || !a || !b || !c) throw new Error('three ready instances are needed');
  return [a, b, c];
}

export interface Excursion {
  /** Every alarm of the node afterwards. */
  alarms: Alarm[];
  /** `alarm` messages (type and alarm id) a stream at the third instance got, in order. */
  streamed: { type: string; id: string }[];
  raisedAt: number;
  /** Readings of the node's sensor at the raising reading's moment (history, balancer). */
  raisingReadings: { ts: number; value: number }[];
}

/**
 * One excursion across a kill: a reading in band and one out of it (which raises) at instance
 * `at`, killed by `kill` (after the answer, or while the request is under way); then the rest of
 * the excursion and the return into the band through the balancer, which the gateway also uses
 * to send again a batch that got no answer. Readings an hour old: the hold-off (10 min) passes in
 * the readings' time.
 */
export async function excursionAcrossKill(
  suite: AlarmSuite,
  serial: string,
  at: Instance,
  streamAt: Instance,
  kill: 'after-answer' | 'during-request',
): Promise<Excursion> {
  const uuid = await watchedNode(suite, serial, {
    temperature: { min: 0, max: 8, delayMinutes: 0 },
  });
  const stream = await TestEventStream.open(`${streamAt.url}/v1/channels/${uuid}/events`, {
    authorization: suite.admin,
  });
  stream.ended.catch(() => undefined);
  await stream.take('open');
  const base = Date.now() - 60 * MIN;
  const raising = [temp(serial, base, 4), temp(serial, base + MIN, 12)];
  if (kill === 'after-answer') {
    const status = await send(at.url, suite.gateway, raising);
    if (status !== 200) throw new Error(`the raising batch answered ${status}`);
    at.process.kill('SIGKILL');
  } else {
    const under = send(at.url, suite.gateway, raising);
    // The request is on its way, maybe in its transaction, maybe committed: the kill may fall
    // anywhere in it. A gateway without an answer sends the same batch again.
    await sleep(Math.random() * 30);
    at.process.kill('SIGKILL');
    if ((await under) !== 200) await deliver(suite, raising);
  }
  await deliver(suite, [temp(serial, base + 2 * MIN, 15)]);
  await deliver(suite, [temp(serial, base + 3 * MIN, 5)]);
  await deliver(suite, [temp(serial, base + 14 * MIN, 5)]);
  const streamed: { type: string; id: string }[] = [];
  const drain = () => {
    for (let i = 0; i < stream.pending.length;) {
      const message = stream.pending[i];
      if (message?.event !== 'alarm') {
        i++;
        continue;
      }
      const data = message.data as { type: string; alarm: Alarm };
      streamed.push({ type: data.type, id: data.alarm.id });
      stream.pending.splice(i, 1);
    }
  };
  // The clearing reaches the stream within seconds; a second raise would have come before it.
  await waitFor(() => {
    drain();
    return streamed.some((message) => message.type === 'cleared');
  }, 15_000);
  stream.close();
  const history = (await call(
    suite,
    'GET',
    `/v1/channels/${uuid}/history?from=${base + MIN}&to=${base + MIN}`,
  )) as { ts: number; value: { temperature?: number } }[];
  return {
    alarms: await alarmsOf(suite, uuid),
    streamed,
    raisedAt: base + MIN,
    raisingReadings: history.map((item) => ({ ts: item.ts, value: item.value.temperature ?? NaN })),
  };
}

/** The live instance holding a lease now, when one does. */
export async function holderOf(suite: AlarmSuite, lease: string): Promise<Instance | undefined> {
  const [row] = await suite.sql<{ holder: string }>(
    'SELECT holder FROM leases WHERE name = $1 AND expires_at > $2',
    [lease, Date.now()],
  );
  const holder = row?.holder ?? '';
  return suite.cluster.instances.find((i) => alive(i) && holder.startsWith(`${i.process.pid}-`));
}
