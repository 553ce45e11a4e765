import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventHub, type PublishedReading } from '../events.ts';
import type { PushTarget } from '../store/push-targets.ts';
import type { DeliveryRecord } from '../store/delivery-log.ts';
import type { SendOutcome } from './http-sender.ts';
import { CHANNEL_IN_FLIGHT, PushDispatcher } from './dispatcher.ts';
import { MAX_EVENTS_PER_DELIVERY } from './limits.ts';

interface Call {
  events: number[];
  answer(outcome: Omit<SendOutcome, 'durationMs'>): Promise<void>;
}

/** The dispatcher over fakes: a sender whose deliveries the test answers one by one. */
async function setUp() {
  const hub = new EventHub();
  let target: PushTarget | undefined = {
    channelId: 1,
    uuid: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
    name: 'Reefers',
    url: 'https://hooks.example.com/telemetry',
    interval: 0,
    secret: 'dispatcher secret',
  };
  const calls: Call[] = [];
  const records: DeliveryRecord[] = [];
  const warnings: object[] = [];
  const clock = { now: 1_000_000 };
  const dispatcher = await PushDispatcher.start({
    events: hub,
    targets: {
      find: async (id) => (id === 1 ? target : undefined),
      configuredChannelIds: async () => [1],
    },
    history: {
      learn: async () => undefined,
      sliceHead: () => '',
      sliceJson: (_head, reading) => String(reading.ts),
    },
    deliveryLog: { add: (record) => records.push(record), flush: async () => undefined },
    sender: {
      send: (_url, _headers, body) =>
        new Promise((resolve) => {
          const events = (JSON.parse(body) as { events: number[] }).events;
          calls.push({
            events,
            answer: async (outcome) => {
              resolve({ ...outcome, durationMs: 1 });
              // Lets the dispatcher take the answer and start what waited for it.
              await new Promise((done) => setImmediate(done));
            },
          });
        }),
      close: () => undefined,
    },
    logger: { info: () => undefined, warn: (details) => warnings.push(details) },
    clock: () => clock.now,
  });
  let ts = 0;
  const publish = async (count: number) => {
    const readings: PublishedReading[] = Array.from({ length: count }, () => ({
      readingId: ++ts,
      sensorId: 2,
      nodeId: 3,
      gatewayId: 4,
      ts,
      type: 'TEMP',
      value: '{}',
      channelIds: [1, 7],
    }));
    hub.published(readings);
    await new Promise((done) => setImmediate(done));
  };
  const configure = async (next: Partial<PushTarget> | undefined) => {
    target = next && target ? { ...target, ...next } : undefined;
    await dispatcher.configurationChanged(1);
  };
  const restore = async (interval: number) => {
    target = {
      channelId: 1,
      uuid: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
      name: 'Reefers',
      url: 'https://hooks.example.com/telemetry',
      interval,
      secret: 'dispatcher secret',
    };
    await dispatcher.configurationChanged(1);
  };
  return { dispatcher, calls, records, warnings, clock, publish, configure, restore };
}

describe('push dispatcher', () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  beforeEach(async () => {
    world = await setUp();
  });
  afterEach(async () => {
    // Deliveries under way end (as a real one does within its time limit), then it closes.
    for (const call of world.calls) await call.answer({ error: 'closed' });
    await world.dispatcher.close();
  });

  it("sends a backlog (a dead holder's, read again) one event per delivery as slots free up", async () => {
    const backlog = CHANNEL_IN_FLIGHT + 23;
    await world.publish(backlog);
    expect(world.calls.map((call) => call.events)).toEqual(
      Array.from({ length: CHANNEL_IN_FLIGHT }, (_, i) => [i + 1]),
    );
    await world.calls[0]?.answer({ status: 204 });
    expect(world.calls.at(-1)?.events).toEqual([CHANNEL_IN_FLIGHT + 1]);
    expect(world.records).toEqual([
      expect.objectContaining({ channelId: 1, events: 1, dropped: 0, ok: true, status: 204 }),
    ]);
    for (let answered = 1; answered < backlog; answered++) {
      await world.calls[answered]?.answer({ status: 204 });
    }
    expect(world.calls.map((call) => call.events)).toEqual(
      Array.from({ length: backlog }, (_, i) => [i + 1]),
    );
  });

  it('keeps one delivery in flight for a receiver that fails, until one succeeds', async () => {
    await world.publish(2);
    await world.calls[0]?.answer({ error: 'connection refused' });
    await world.calls[1]?.answer({ error: 'connection refused' });
    await world.publish(3);
    expect(world.calls.map((call) => call.events)).toEqual([[1], [2], [3]]);
    await world.calls[2]?.answer({ status: 200 });
    expect(world.calls.slice(3).map((call) => call.events)).toEqual([[4], [5]]);
    await world.publish(2);
    expect(world.calls.slice(5).map((call) => call.events)).toEqual([[6], [7]]);
  });

  it('drops the oldest events beyond what one delivery carries, and says how many', async () => {
    const total = 3 * MAX_EVENTS_PER_DELIVERY;
    await world.publish(total);
    expect(world.calls).toHaveLength(CHANNEL_IN_FLIGHT);
    await world.calls[0]?.answer({ status: 200 });
    // The newest MAX_EVENTS_PER_DELIVERY are kept, and go one per delivery.
    expect(world.calls.at(-1)?.events).toEqual([total - MAX_EVENTS_PER_DELIVERY + 1]);
    await world.calls.at(-1)?.answer({ status: 200 });
    expect(world.records.at(-1)).toMatchObject({
      events: 1,
      dropped: total - CHANNEL_IN_FLIGHT - MAX_EVENTS_PER_DELIVERY,
    });
  });

  it('forgets waiting events when push is removed', async () => {
    await world.configure({ interval: 60 });
    await world.publish(2);
    expect(world.calls).toHaveLength(0);
    await world.configure(undefined);
    await world.restore(0);
    await world.publish(1);
    expect(world.calls.map((call) => call.events)).toEqual([[3]]);
  });

  it('sends a gathered batch as one delivery when the interval becomes 0', async () => {
    await world.configure({ interval: 60 });
    await world.publish(3);
    await world.configure({ interval: 0 });
    await new Promise((done) => setImmediate(done));
    expect(world.calls.map((call) => call.events)).toEqual([[1, 2, 3]]);
    await world.calls[0]?.answer({ status: 200 });
    await world.publish(2);
    expect(world.calls.slice(1).map((call) => call.events)).toEqual([[4], [5]]);
  });

  it('releases a waiting batch when the interval shrinks', async () => {
    await world.configure({ interval: 60 });
    await world.publish(3);
    world.clock.now += 5_000;
    await world.configure({ interval: 5 });
    await new Promise((done) => setImmediate(done));
    expect(world.calls.map((call) => call.events)).toEqual([[1, 2, 3]]);
  });

  it('logs a failing channel at most once every 10 s, counting what it left out', async () => {
    for (let i = 0; i < 3; i++) {
      await world.publish(1);
      await world.calls.at(-1)?.answer({ error: 'connection refused' });
    }
    expect(world.warnings).toHaveLength(1);
    world.clock.now += 10_000;
    await world.publish(1);
    await world.calls.at(-1)?.answer({ status: 500, error: 'the receiver answered 500' });
    expect(world.warnings).toEqual([
      expect.objectContaining({ error: 'connection refused', failuresNotLogged: 0 }),
      expect.objectContaining({ status: 500, failuresNotLogged: 2, host: 'hooks.example.com' }),
    ]);
    expect(JSON.stringify(world.warnings)).not.toContain('dispatcher secret');
  });

  it('finishes a delivery under way when closed, and logs it', async () => {
    await world.publish(1);
    expect(world.calls).toHaveLength(1);
    let closed = false;
    const closing = world.dispatcher.close().then(() => (closed = true));
    await new Promise((done) => setImmediate(done));
    expect(closed).toBe(false);
    await world.calls[0]?.answer({ status: 204 });
    await closing;
    expect(world.records).toEqual([expect.objectContaining({ ok: true, status: 204 })]);
  });
});
