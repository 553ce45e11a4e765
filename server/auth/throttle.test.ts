import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.ts';
import { openTestStore, type TestStore } from '../test/test-store.ts';

describe('FailureThrottle', () => {
  const clock = { now: 1_000_000 };
  let test: TestStore;
  beforeEach(async () => {
    test = await openTestStore(':memory:');
  });
  afterEach(() => test.close());
  const throttle = () =>
    new FailureThrottle(test.store.signInFailures, 10, 60_000, () => clock.now);

  it('refuses after `limit` failures until the oldest of them leaves the window', async () => {
    const t = throttle();
    const start = clock.now;
    for (let i = 0; i < 10; i++) {
      expect(await t.retryAfter('user:fleet')).toBe(0);
      await t.fail('user:fleet');
      clock.now += 1_000;
    }
    // Ten failures at start … start + 9 s: refused until start + 60 s.
    expect(await t.retryAfter('user:fleet')).toBe(50);
    expect(await t.retryAfter('user:support')).toBe(0);
    clock.now = start + 59_999;
    expect(await t.retryAfter('user:fleet')).toBe(1);
    clock.now = start + 60_000;
    expect(await t.retryAfter('user:fleet')).toBe(0);
  });

  it('forgets failures on success', async () => {
    const t = throttle();
    for (let i = 0; i < 10; i++) await t.fail('user:admin');
    expect(await t.retryAfter('user:admin')).toBeGreaterThan(0);
    await t.succeed('user:admin');
    expect(await t.retryAfter('user:admin')).toBe(0);
  });

  it('counts the failures of every instance on the same database', async () => {
    // Two throttles over one store stand for two instances behind a balancer.
    const one = throttle();
    const other = throttle();
    for (let i = 0; i < 5; i++) {
      await one.fail('user:acme');
      await other.fail('user:acme');
    }
    expect(await one.retryAfter('user:acme')).toBeGreaterThan(0);
    expect(await other.retryAfter('user:acme')).toBeGreaterThan(0);
  });
});
