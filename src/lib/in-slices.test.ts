import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inSlices } from './in-slices.ts';

describe('inSlices', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('does nothing in the calling task, then everything, a budget per task', async () => {
    const seen: number[] = [];
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    inSlices(
      [1, 2, 3, 4, 5, 6, 7],
      (item) => {
        seen.push(item);
        clock += 3;
      },
      8,
    );
    expect(seen).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    // 3 + 3 = 6 ms < 8, a third makes 9: three per task.
    expect(seen).toEqual([1, 2, 3]);
    await vi.advanceTimersToNextTimerAsync();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    await vi.advanceTimersToNextTimerAsync();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops what is left when asked', async () => {
    const seen: number[] = [];
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const stop = inSlices(
      [1, 2, 3, 4],
      (item) => {
        seen.push(item);
        clock += 10;
      },
      8,
    );
    await vi.advanceTimersToNextTimerAsync();
    expect(seen).toEqual([1]);
    stop();
    await vi.runAllTimersAsync();
    expect(seen).toEqual([1]);
  });
});
