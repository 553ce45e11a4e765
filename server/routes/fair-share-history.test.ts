import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../http/limits.ts';
import { PerUserQueue } from '../http/per-user-queue.ts';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { buildWorld, type World } from '../test/world.ts';

/** A promise the test settles when it chooses: a history read that takes as long as it says. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Waits, bounded, until `condition` holds (the cloud answers on its own schedule). */
async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Issue 19, fair shares: history requests of one user being answered at once are bounded
 * (HISTORY_PER_USER, docs/decisions/0041-fair-shares.md). Two of fleet's reads are held in the
 * store's place (history shaping stubbed with promises the test releases), so which requests
 * are in flight is certain, not a matter of timing.
 */
describe('history requests in flight per user', () => {
  let cloud: TestCloud;
  let world: World;
  beforeAll(async () => {
    cloud = await createTestCloud({
      limits: { ...DEFAULT_LIMITS, historyPerUser: 2, historyQueuePerUser: 1 },
    });
    world = await buildWorld(cloud);
  });
  afterAll(() => cloud.close());

  const history = (as: 'fleet' | 'admin') =>
    cloud.call('GET', `/v1/channels/${world.groups.north.uuid}/history`, { as });

  it('one user’s third history request waits its turn, the fourth answers 429 naming the limits; others are served', async () => {
    const { timeslices } = cloud.services;
    const real = timeslices.historyJson.bind(timeslices);
    const first = held<string>();
    const second = held<string>();
    const shaping = vi
      .spyOn(timeslices, 'historyJson')
      .mockImplementationOnce(() => first.promise)
      .mockImplementationOnce(() => second.promise)
      .mockImplementation(real);
    try {
      const running = [history('fleet'), history('fleet')];
      await until(() => shaping.mock.calls.length === 2, 'two history reads in flight');

      // The third waits for a place (issue 35: it answered 429 at once on PostgreSQL). The fourth
      // is sent once the third is in the line: their sign-ins (which record the sign-in, 0177)
      // may finish in either order, and whichever comes second is the one refused.
      const lining = vi.spyOn(PerUserQueue.prototype, 'within');
      let waitedAnswer: Awaited<ReturnType<typeof history>> | undefined;
      const waiting = history('fleet').then((answer) => (waitedAnswer = answer));
      await until(() => lining.mock.calls.length === 1, 'the third request in the line');
      lining.mockRestore();
      const refused = await history('fleet');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json).toEqual({
        status: 'TOO_MANY_REQUESTS',
        message: expect.stringContaining('(HISTORY_PER_USER=2, HISTORY_QUEUE_PER_USER=1)'),
      });
      // Neither read anything yet.
      expect(shaping).toHaveBeenCalledTimes(2);
      expect(waitedAnswer).toBeUndefined();

      const other = await history('admin');
      expect(other.status).toBe(200);
      expect(other.json).toEqual(
        expect.arrayContaining([expect.objectContaining({ ts: expect.any(Number) })]),
      );

      // Which of the two took the first held read is up to the cloud (their sign-ins finish in
      // either order), so the one that ends is whichever does; the waiting one takes its place.
      first.release('[]');
      const ended = await Promise.race(running);
      expect(ended).toMatchObject({ status: 200, json: [] });
      await waiting;
      expect(waitedAnswer?.status).toBe(200);
      expect(waitedAnswer?.json).toEqual(other.json);

      second.release('[]');
      expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200]);
      expect((await history('fleet')).status).toBe(200);
    } finally {
      first.release('[]');
      second.release('[]');
      shaping.mockRestore();
    }
  });

  it('forty of one user’s history requests at once are all answered, none refused', async () => {
    const many = await createTestCloud();
    try {
      const north = (await buildWorld(many)).groups.north.uuid;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          many.call('GET', `/v1/channels/${north}/history?count=5`, { as: 'fleet' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    } finally {
      await many.close();
    }
  });
});
