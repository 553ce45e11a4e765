import { describe, expect, it } from 'vitest';
import { demoFleet } from './fleet.ts';
import { demoSenders, Timeline } from './timeline.ts';

describe('timeline', () => {
  const senders = demoSenders(demoFleet({ vans: 2, reefers: 1, trucks: 0 }));
  const t0 = Date.UTC(2026, 10, 20, 22, 40);

  it('gives the same messages however the time is cut into windows (no gap, no repeat)', () => {
    const whole = new Timeline();
    const pieces = new Timeline();
    for (const sender of senders) {
      const once = whole.between(sender, t0, t0 + 3 * 3_600_000);
      const cut: unknown[] = [];
      for (let t = t0; t < t0 + 3 * 3_600_000; t += 7_000) {
        cut.push(...pieces.between(sender, t, Math.min(t + 7_000, t0 + 3 * 3_600_000)));
      }
      expect(cut).toEqual(once);
      expect(once.length).toBeGreaterThan(0);
    }
  });

  it('forgets old days without changing what it answers', () => {
    const timeline = new Timeline();
    const sender = senders[0];
    if (!sender) throw new Error('no sender');
    const first = timeline.between(sender, t0, t0 + 3_600_000);
    timeline.forgetBefore(Math.floor(t0 / 86_400_000) + 5);
    expect(timeline.between(sender, t0, t0 + 3_600_000)).toEqual(first);
  });
});
