import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PACE, paceWait, type PaceState } from './use-range-history.ts';

const state = (over: Partial<PaceState>): PaceState => ({
  loading: true,
  messages: 0,
  lastMessages: 0,
  now: 0,
  lastAt: 0,
  ...over,
});

describe('paceWait', () => {
  it('follows at once when loading stopped, whatever arrived and whenever', () => {
    expect(paceWait(state({ loading: false, messages: 10, lastMessages: 10, now: 5 }))).toBe(0);
  });

  it('follows the first data at once, even just after the page loaded', () => {
    expect(paceWait(state({ messages: 10, now: 5 }))).toBe(0);
    expect(paceWait(state({ messages: 10, now: 5000, lastAt: 4000 }))).toBe(0);
  });

  it('follows later data no sooner than the pace', () => {
    expect(paceWait(state({ messages: 30, lastMessages: 10, now: 1400, lastAt: 1000 }))).toBe(
      PACE.ms - 400,
    );
  });

  it('waits for more messages while the range has not grown by the factor', () => {
    const grown = 10 * PACE.growth;
    expect(
      paceWait(state({ messages: grown - 1, lastMessages: 10, now: 60_000, lastAt: 0 })),
    ).toBeUndefined();
    expect(paceWait(state({ messages: grown, lastMessages: 10, now: 60_000, lastAt: 0 }))).toBe(0);
  });

  it('shows a month that arrives within the pace as its first day and then whole', () => {
    // Thirty-one days of 24,000 messages, one every 200 ms: no answer between the first and last.
    let last = { at: 0, messages: 0 };
    let answers = 0;
    for (let day = 1; day <= 31; day++) {
      const now = 1000 + day * 200;
      const wait = paceWait(
        state({
          loading: day < 31,
          messages: day * 24_000,
          lastMessages: last.messages,
          now,
          lastAt: last.at,
        }),
      );
      if (wait === 0) {
        answers++;
        last = { at: now, messages: day * 24_000 };
      }
    }
    expect(answers).toBe(2);
  });

  it('bounds the answers while loading by the growth, however slowly the days arrive', () => {
    // Days of any size arriving at any pace, as the hook sees them: each progress is followed
    // when paceWait allows it by the time the next one comes.
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 20_000 }), gap: fc.nat(60_000) }), {
          minLength: 1,
          maxLength: 60,
        }),
        (days) => {
          let now = 0;
          let messages = 0;
          let last = { at: -Infinity, messages: 0 };
          let answers = 0;
          for (const day of days) {
            now += day.gap;
            messages += day.size;
            const wait = paceWait(
              state({ messages, lastMessages: last.messages, now, lastAt: last.at }),
            );
            if (wait === 0) {
              answers++;
              last = { at: now, messages };
            }
          }
          const first = days[0]?.size ?? 1;
          const bound = Math.floor(Math.log(messages / first) / Math.log(PACE.growth)) + 1;
          expect(answers).toBeLessThanOrEqual(bound);
        },
      ),
    );
  });
});
