import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.ts';

describe('FailureThrottle', () => {
  const clock = { now: 1_000_000 };
  const throttle = () => new FailureThrottle(10, 60_000, () => clock.now);

  it('refuses after `limit` failures until the oldest of them leaves the window', () => {
    const t = throttle();
    const start = clock.now;
    for (let i = 0; i < 10; i++) {
      expect(t.retryAfter('user:fleet')).toBe(0);
      t.fail('user:fleet');
      clock.now += 1_000;
    }
    // Ten failures at start … start + 9 s: refused until start + 60 s.
    expect(t.retryAfter('user:fleet')).toBe(50);
    expect(t.retryAfter('user:support')).toBe(0);
    clock.now = start + 59_999;
    expect(t.retryAfter('user:fleet')).toBe(1);
    clock.now = start + 60_000;
    expect(t.retryAfter('user:fleet')).toBe(0);
  });

  it('forgets failures on success', () => {
    const t = throttle();
    for (let i = 0; i < 10; i++) t.fail('user:admin');
    expect(t.retryAfter('user:admin')).toBeGreaterThan(0);
    t.succeed('user:admin');
    expect(t.retryAfter('user:admin')).toBe(0);
  });
});
