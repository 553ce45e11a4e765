import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEventBus } from './events/event-bus.ts';
import { Leadership } from './leadership.ts';
import { createTestCloud, type TestCloud } from './test/harness.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/** Waits, bounded, until `condition` holds. */
async function until(condition: () => boolean, what: string, ms: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/**
 * Issue 35, rolling upgrades: a stopping instance lets its lease go and says so, and another
 * takes it at once, not at its next renewal (every 5 s) or after the lease's 15 s.
 */
describe('a lease handed over', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('is taken by a waiting instance within a round trip of its holder stopping', async () => {
    const bus = new LocalEventBus();
    const running: string[] = [];
    const leadership = (who: string) =>
      new Leadership({
        leases: cloud.store.leases,
        name: 'handover-test',
        log: quiet,
        announce: () => bus.leaseReleased(),
        work: async () => {
          running.push(who);
          return async () => undefined;
        },
      });
    const first = leadership('first');
    const second = leadership('second');
    bus.onLeaseReleased(() => second.tryNow());
    try {
      await first.start();
      await second.start();
      expect([first.leading, second.leading]).toEqual([true, false]);
      await first.stop();
      const took = await until(() => second.leading, 'the second to take the lease', 2_000);
      // Its next renewal would have come up to 5 s later.
      expect(took).toBeLessThan(1_000);
      expect(running).toEqual(['first', 'second']);
    } finally {
      await first.stop();
      await second.stop();
      await bus.close();
    }
  });
});
