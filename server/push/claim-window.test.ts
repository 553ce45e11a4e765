import { afterEach, describe, expect, it } from 'vitest';
import { EventHub, type PublishedReading } from '../events.ts';
import type { PushTarget } from '../store/push-targets.ts';
import { before, type Claim, type Position } from '../store/leases.ts';
import { AddressPolicy } from './address-policy.ts';
import { HttpSender, type PreparedSend } from './http-sender.ts';
import { PushDispatcher } from './dispatcher.ts';
import { startReceiver, type TestReceiver } from '../test/receiver.ts';

/**
 * Push through a change of holder, at the moments where the holder can die
 * (docs/decisions/0026-push-exactly-once.md): holder A is stopped dead at a chosen step (its
 * pending work never goes on), holder B starts from what is durable (the claims and the cursor
 * A would have stored) and reads the log again. Every event must reach the receiver once.
 */

const target: PushTarget = {
  channelId: 1,
  uuid: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
  name: 'Reefers',
  url: 'https://hooks.example.com/telemetry',
  interval: 0,
  secret: 'window secret',
};

/** The event log: event `seq` carries one reading whose ts is seq. */
const logged = (seq: number): PublishedReading => ({
  readingId: seq,
  sensorId: 2,
  nodeId: 3,
  gatewayId: 4,
  ts: seq,
  type: 'TEMP',
  value: '{}',
  channelIds: [1],
});

const never = new Promise<never>(() => undefined);
const turn = () => new Promise((done) => setImmediate(done));

/** What is durable: the claims as committed. */
class DurableClaims {
  readonly claims = new Map<number, Position>();
  commit(claims: readonly Claim[]): void {
    for (const { key, ...position } of claims) {
      const known = this.claims.get(key);
      if (!known || before(known, position)) this.claims.set(key, position);
    }
  }
}

interface Holder {
  dispatcher: PushDispatcher;
  /** ts of every event whose request was written, in order. */
  sent: number[];
  /** Calls to `prepare` held until the test lets them go (by call number, from 1). */
  holdPrepare: Set<number>;
  /** Set: the holder's claim writes never commit (it dies in one). */
  dieInWrite: boolean;
  /** Sent-count seen by each write just before and after its `inside`. */
  writes: { before: number; after: number }[];
  /** Hands the holder event `seq` of the log, as its log follower does. */
  publish(seq: number): void;
}

async function holder(durable: DurableClaims): Promise<Holder> {
  const hub = new EventHub();
  const sent: number[] = [];
  const state = {
    sent,
    holdPrepare: new Set<number>(),
    dieInWrite: false,
    writes: [] as Holder['writes'],
    publish: (seq: number) => hub.published([logged(seq)], seq),
  };
  let prepares = 0;
  const dispatcher = await PushDispatcher.start({
    events: hub,
    targets: { find: async () => target, configuredChannelIds: async () => [1] },
    history: {
      learn: async () => undefined,
      sliceHead: () => '',
      sliceJson: (_head, reading) => String(reading.ts),
    },
    deliveryLog: { add: () => undefined, flush: async () => undefined },
    sender: {
      send: () => Promise.reject(new Error('only prepare is used')),
      prepare: async (_url, _headers, body) => {
        prepares++;
        if (state.holdPrepare.has(prepares)) await never;
        const events = (JSON.parse(body) as { events: number[] }).events;
        let fired = false;
        const prepared: PreparedSend = {
          fire: () => {
            if (fired) return;
            fired = true;
            sent.push(...events);
          },
          cancel: () => undefined,
          outcome: Promise.resolve({ status: 204, durationMs: 1 }),
        };
        return prepared;
      },
      close: () => undefined,
    },
    logger: { info: () => undefined, warn: () => undefined },
  });
  dispatcher.lead({
    started: new Map(durable.claims),
    write: async (claims, inside) => {
      if (state.dieInWrite) await never;
      const before = sent.length;
      inside();
      state.writes.push({ before, after: sent.length });
      durable.commit(claims);
    },
  });
  return Object.assign(state, { dispatcher });
}

describe('push claims and sends in one step', () => {
  const opened: PushDispatcher[] = [];
  afterEach(async () => {
    for (const dispatcher of opened.splice(0)) dispatcher.follow();
  });

  /** Runs A over events 1..n, kills it, runs B from what is durable; answers both's sends. */
  const failover = async (n: number, arrange: (a: Holder) => void) => {
    const durable = new DurableClaims();
    const a = await holder(durable);
    opened.push(a.dispatcher);
    arrange(a);
    for (let seq = 1; seq <= n; seq++) a.publish(seq);
    for (let i = 0; i < 10; i++) await turn();
    // A dies here: the cursor it would store keeps everything not yet claimed.
    const waiting = a.dispatcher.lowestWaiting();
    const cursor = waiting === undefined ? n : waiting - 1;
    a.dispatcher.follow();
    const b = await holder(durable);
    opened.push(b.dispatcher);
    for (let seq = cursor + 1; seq <= n; seq++) {
      b.publish(seq);
    }
    for (let i = 0; i < 10; i++) await turn();
    return { a: a.sent, b: b.sent, writes: a.writes };
  };

  it('sends inside the claim write, before its commit, with nothing in between', async () => {
    const { a, b, writes } = await failover(3, () => undefined);
    expect(a).toEqual([1, 2, 3]);
    expect(b).toEqual([]);
    // Each write's deliveries were written to their connections inside it, none before.
    expect(writes.every((w) => w.after > w.before)).toBe(true);
    expect(writes.reduce((sum, w) => sum + w.after - w.before, 0)).toBe(3);
  });

  it('claims nothing of a later event while an earlier one is still being readied', async () => {
    // Event 1's connection never opens before A dies; event 2's is ready at once. Claiming 2
    // would have covered 1, and B would have skipped it: lost.
    const { a, b } = await failover(2, (holderA) => holderA.holdPrepare.add(1));
    expect(a).toEqual([]);
    expect(b).toEqual([1, 2]);
  });

  it('sends nothing, and the next holder everything, when the holder dies in the claim write', async () => {
    const { a, b } = await failover(4, (holderA) => (holderA.dieInWrite = true));
    expect(a).toEqual([]);
    expect(b).toEqual([1, 2, 3, 4]);
  });

  it('skips at the next holder exactly what was sent when the holder died later', async () => {
    // Event 3's connection never opens: 1 and 2 went, 3 and 4 wait for it.
    const { a, b } = await failover(4, (holderA) => holderA.holdPrepare.add(3));
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([3, 4]);
  });
});

describe('a prepared delivery', () => {
  let receiver: TestReceiver;
  afterEach(async () => {
    await receiver.close();
  });

  it('has its connection open and sends nothing until fired, then all of it at once', async () => {
    receiver = await startReceiver('/hook');
    const sender = new HttpSender(new AddressPolicy(['loopback']), { timeoutMs: 5_000 });
    try {
      const prepared = await sender.prepare(new URL(receiver.url), { 'x-test': '1' }, '{"a":1}');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(receiver.received).toHaveLength(0);
      prepared.fire();
      expect(await prepared.outcome).toMatchObject({ status: 204 });
      expect(receiver.received.map((r) => r.body)).toEqual(['{"a":1}']);
      // Cancelled before firing: nothing arrives.
      const cancelled = await sender.prepare(new URL(receiver.url), {}, '{"b":2}');
      cancelled.cancel();
      cancelled.fire();
      expect(await cancelled.outcome).toMatchObject({ error: 'not sent' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(receiver.received).toHaveLength(1);
    } finally {
      sender.close();
    }
  });
});
