import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paceWait, type PaceState } from './use-range-history.ts';

const quick = { ms: 1000, growth: 1.5 };
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
    expect(paceWait(state({ loading: false, messages: 10, lastMessages: 10, now: 5 }), quick)).toBe(
      0,
    );
  });

  it('follows the first data at once, later data no sooner than the pace', () => {
    expect(paceWait(state({ messages: 10, now: 5000 }), quick)).toBe(0);
    expect(
      paceWait(state({ messages: 30, lastMessages: 10, now: 1400, lastAt: 1000 }), quick),
    ).toBe(600);
  });

  it('waits for more messages while the range has not grown by the factor', () => {
    expect(
      paceWait(state({ messages: 14, lastMessages: 10, now: 60_000, lastAt: 0 }), quick),
    ).toBeUndefined();
    expect(paceWait(state({ messages: 15, lastMessages: 10, now: 60_000, lastAt: 0 }), quick)).toBe(
      0,
    );
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
              quick,
            );
            if (wait === 0) {
              answers++;
              last = { at: now, messages };
            }
          }
          const first = days[0]?.size ?? 1;
          const bound = Math.floor(Math.log(messages / first) / Math.log(quick.growth)) + 1;
          expect(answers).toBeLessThanOrEqual(bound);
        },
      ),
    );
  });
});
