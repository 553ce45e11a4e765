import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PushDelivery } from '../../contract/push.ts';
import { createTestCloud, T0 } from '../test/harness.ts';
import { expectOk } from '../test/assertions.ts';
import { commission, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { startReceiver, type TestReceiver } from '../test/receiver.ts';
import { testEngine } from '../test/test-store.ts';

const tsOf = (receiver: TestReceiver) =>
  receiver.received.flatMap((r) => (JSON.parse(r.body) as PushDelivery).events.map((e) => e.ts));

async function until(done: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(testEngine() !== 'postgres')('push with two instances on one database', () => {
  it('delivers every event once: set through one, ingested through the other; then the other takes over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'two-instances-'));
    const options = { dataDir, pushAllowNetworks: ['loopback'] };
    const first = await createTestCloud(options);
    const second = await createTestCloud(options);
    const receiver = await startReceiver();
    try {
      // The first to start holds push delivery; the second only stores and forwards.
      expect(first.services.pushLeadership.leading).toBe(true);
      expect(second.services.pushLeadership.leading).toBe(false);
      const gateway = await registerGateway(first);
      const node = await commission(first, 'VAN-TWO');
      expectOk(
        await second.call('PUT', `/v1/channels/${node.uuid}/push`, {
          query: { to: receiver.url, interval: '0', secret: 'two-instances-secret' },
        }),
      );
      const sent = Array.from({ length: 20 }, (_, i) => T0 - 60_000 + i * 1_000);
      await ingest(
        second,
        gateway,
        sent.slice(0, 10).map((ts) => temp('VAN-TWO', ts, 4)),
      );
      await ingest(
        first,
        gateway,
        sent.slice(10).map((ts) => temp('VAN-TWO', ts, 4)),
      );
      await until(() => tsOf(receiver).length >= 20, 10_000, 'twenty events did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(tsOf(receiver).sort()).toEqual(sent);

      // The holder stops: the other takes push over (at its next try) and goes on from there.
      await first.close();
      await until(
        () => second.services.pushLeadership.leading,
        8_000,
        'the second instance did not take over',
      );
      const later = [T0 - 5_000, T0 - 4_000];
      await ingest(
        second,
        gateway,
        later.map((ts) => temp('VAN-TWO', ts, 5)),
      );
      await until(() => tsOf(receiver).length >= 22, 10_000, 'the later events did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(tsOf(receiver).sort()).toEqual([...sent, ...later].sort());
    } finally {
      await receiver.close();
      await second.close();
      await first.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('delivers a waiting interval batch once through a change of holder (issue 17)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'two-instances-'));
    const options = { dataDir, pushAllowNetworks: ['loopback'] };
    const first = await createTestCloud(options);
    const second = await createTestCloud(options);
    const receiver = await startReceiver();
    try {
      expect(first.services.pushLeadership.leading).toBe(true);
      const gateway = await registerGateway(first);
      const node = await commission(first, 'VAN-BATCH');
      expectOk(
        await first.call('PUT', `/v1/channels/${node.uuid}/push`, {
          query: { to: receiver.url, interval: '30', secret: 'two-instances-secret' },
        }),
      );
      const sent = Array.from({ length: 8 }, (_, i) => T0 - 60_000 + i * 1_000);
      await ingest(
        first,
        gateway,
        sent.map((ts) => temp('VAN-BATCH', ts, 4)),
      );
      // The holder has them waiting for its 30 s window when it stops: they are not lost with
      // it, the next holder reads them again from the log and sends them, once.
      await until(
        () => (first.services.push.lowestWaiting() ?? 0) > 0,
        5_000,
        'the batch did not wait at the first instance',
      );
      expect(receiver.received).toHaveLength(0);
      await first.close();
      await until(
        () => second.services.pushLeadership.leading,
        8_000,
        'the second instance did not take over',
      );
      // Its own 30 s window starts when it reads them: hurry it along by setting the interval
      // to 1 (a change applies to the waiting batch, still as one delivery).
      expectOk(
        await second.call('PUT', `/v1/channels/${node.uuid}/push`, {
          query: { to: receiver.url, interval: '1', secret: 'two-instances-secret' },
        }),
      );
      await until(() => tsOf(receiver).length >= 8, 10_000, 'the waiting batch did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(tsOf(receiver).sort()).toEqual(sent);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
      await second.close();
      await first.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
