import { describe, expect, it } from 'vitest';
import { EventHub } from '../events.ts';
import type { PreparedSend, SendOutcome } from './http-sender.ts';
import { PushDispatcher } from './dispatcher.ts';
import { ClaimWriter } from './claims.ts';

const settle = () => new Promise((done) => setImmediate(done));

describe('a lease that goes while a delivery opens its connection', () => {
  it('a claim writer that stopped answers a later launch with not sent', async () => {
    const writes: unknown[] = [];
    const writer = new ClaimWriter(async (claims) => void writes.push(claims));
    writer.stop();
    let fired = false;
    const launched = writer.launch({
      key: 1,
      position: { seq: 5, idx: 0 },
      ready: () => true,
      fire: () => (fired = true),
    });
    await expect(launched).resolves.toBe(false);
    expect(fired).toBe(false);
    expect(writes).toEqual([]);
  });

  it('does not send it, and closing does not wait for it', async () => {
    const hub = new EventHub();
    const opening: (() => void)[] = [];
    let fired = 0;
    let cancelled = 0;
    const dispatcher = await PushDispatcher.start({
      events: hub,
      targets: {
        find: async () => ({
          channelId: 1,
          uuid: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
          name: 'Reefers',
          url: 'https://hooks.example.com/telemetry',
          interval: 0,
          secret: 'lease secret',
        }),
        configuredChannelIds: async () => [1],
      },
      history: {
        learn: async () => undefined,
        sliceHead: () => '',
        sliceJson: (_head, reading) => String(reading.ts),
      },
      deliveryLog: { add: () => undefined, flush: async () => undefined },
      sender: {
        send: async () => ({ status: 204, durationMs: 1 }),
        // The connection opens when the test says so.
        prepare: () =>
          new Promise<PreparedSend>((resolve) => {
            let settleOutcome: (outcome: SendOutcome) => void = () => undefined;
            const outcome = new Promise<SendOutcome>((done) => (settleOutcome = done));
            opening.push(() =>
              resolve({
                fire: () => {
                  fired++;
                  settleOutcome({ status: 204, durationMs: 1 });
                },
                cancel: () => {
                  cancelled++;
                  settleOutcome({ error: 'not sent', durationMs: 0 });
                },
                outcome,
              }),
            );
          }),
        close: () => undefined,
      },
      logger: { info: () => undefined, warn: () => undefined },
    });
    dispatcher.lead({ started: new Map(), write: async (_claims, inside) => inside() });
    hub.published(
      [
        {
          readingId: 1,
          sensorId: 2,
          nodeId: 3,
          gatewayId: 4,
          ts: 1,
          type: 'TEMP',
          value: '{}',
          channelIds: [1],
        },
      ],
      7,
    );
    for (let i = 0; i < 5 && opening.length === 0; i++) await settle();
    expect(opening).toHaveLength(1);
    // The lease goes (a graceful stop), then the connection opens.
    dispatcher.follow();
    opening[0]?.();
    let closed = false;
    const closing = dispatcher.close().then(() => (closed = true));
    for (let i = 0; i < 5 && !closed; i++) await settle();
    expect(closed).toBe(true);
    await closing;
    expect(fired).toBe(0);
    expect(cancelled).toBe(1);
  });
});
