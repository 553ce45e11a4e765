import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bandFrom,
  evaluateTemperature,
  type Episode,
  type TempReading,
} from './temperature-rule.ts';
import { DEFAULT_DELAY_MINUTES } from './temperature-severity.ts';

// Issue 34: an excursion raises an alarm only once it lasted the delay, and its severity follows
// how far and how long, as docs/alarms.md writes it. The oracle below is that table, written out
// again here rather than read from the rule.

const MIN = 60_000;
const HOLD_OFF = 10 * MIN;
const LIMITS = { min: 0, max: 8 };

/** docs/alarms.md: critical at 5 °C beyond or 3 h out; major at 2 °C or 1 h; else warning. */
function written(beyond: number, outMinutes: number): 'warning' | 'major' | 'critical' {
  if (beyond >= 5 || outMinutes >= 180) return 'critical';
  if (beyond >= 2 || outMinutes >= 60) return 'major';
  return 'warning';
}

interface Excursion {
  side: 'above' | 'below';
  /** Tenths of a degree beyond the limit, per reading out. */
  beyond: number[];
  /** Readings back in after it: at least the hold-off's worth. */
  after: number;
}

const excursion = fc.record({
  side: fc.constantFrom('above' as const, 'below' as const),
  beyond: fc.array(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 120 }),
  after: fc.integer({ min: 0, max: 5 }),
});

/** The readings of a series: in the band, then each excursion, each followed by readings in. */
function readingsOf(excursions: readonly Excursion[], periodMin: number): TempReading[] {
  const readings: TempReading[] = [];
  let minute = 0;
  const add = (value: number) => {
    readings.push({ ts: minute * MIN, value, readingId: readings.length + 1 });
    minute += periodMin;
  };
  add(4);
  for (const { side, beyond, after } of excursions) {
    for (const tenths of beyond) add(side === 'above' ? 8 + tenths / 10 : -tenths / 10);
    // Back in for longer than the hold-off, so the next excursion is an excursion of its own.
    const back = Math.ceil(HOLD_OFF / (periodMin * MIN)) + 1 + after;
    for (let i = 0; i < back; i++) add(4);
  }
  return readings;
}

/**
 * Feeds the readings in batches, handing the open excursion from one batch to the next only as
 * the store keeps it (a row, here JSON): what survives a restart between two deliveries.
 */
function raisedAlarms(readings: TempReading[], delayMinutes: number | undefined, cuts: number[]) {
  const band = bandFrom({ ...LIMITS, source: 'group', from: ['Cold chain'], delayMinutes });
  const raised: Episode[] = [];
  let stored: string | undefined;
  let start = 0;
  for (const end of [...cuts.filter((cut) => cut < readings.length), readings.length].sort(
    (a, b) => a - b,
  )) {
    if (end <= start) continue;
    const open = stored === undefined ? undefined : (JSON.parse(stored) as Episode);
    const episodes = evaluateTemperature(open, readings.slice(start, end), band, HOLD_OFF);
    stored = undefined;
    for (const episode of episodes) {
      if (episode.raisedAt !== undefined) {
        const known = raised.findIndex((e) => e.firstOutAt === episode.firstOutAt);
        if (known >= 0) raised[known] = episode;
        else raised.push(episode);
      }
      if (episode.end === undefined) {
        stored = JSON.stringify({ ...episode, raisedNow: false, changed: false });
      }
    }
    start = end;
  }
  return raised;
}

describe('temperature alarms that mean something (issue 34)', () => {
  it('without delayMinutes the default applies: a door opened for a few minutes raises nothing', () => {
    expect(DEFAULT_DELAY_MINUTES).toBe(15);
    // Reefer 02's door at a delivery: 9 °C for a few minutes against a limit of 8.
    const door = readingsOf([{ side: 'above', beyond: [10, 10, 10, 10, 10, 10, 10], after: 0 }], 2);
    expect(raisedAlarms(door, undefined, [])).toEqual([]);
    // The same 9 °C for 16 minutes: one warning, raised at the first reading past the delay.
    const long = readingsOf([{ side: 'above', beyond: Array(9).fill(10), after: 0 }], 2);
    expect(raisedAlarms(long, undefined, [])).toMatchObject([
      { raisedAt: 18 * MIN, severity: 'warning' },
    ]);
  });

  it('no alarm for an excursion shorter than the delay, exactly one for a longer one, severity as written', () => {
    fc.assert(
      fc.property(
        fc.array(excursion, { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        fc.constantFrom(1, 2, 5),
        fc.array(fc.nat({ max: 800 }), { maxLength: 8 }),
        (excursions, delayMinutes, periodMin, cuts) => {
          const delay = delayMinutes ?? DEFAULT_DELAY_MINUTES;
          const raised = raisedAlarms(readingsOf(excursions, periodMin), delayMinutes, cuts);
          const expected = excursions.filter(
            ({ beyond }) => (beyond.length - 1) * periodMin >= delay,
          );
          expect(raised).toHaveLength(expected.length);
          expected.forEach(({ side, beyond }, i) => {
            const alarm = raised[i];
            const outMinutes = (beyond.length - 1) * periodMin;
            expect(alarm?.direction).toBe(side);
            expect(alarm?.end?.kind).toBe('cleared');
            // Raised by the first reading at least the delay after the first one out.
            expect(((alarm?.raisedAt ?? 0) - (alarm?.firstOutAt ?? 0)) / MIN).toBe(
              Math.ceil(delay / periodMin) * periodMin,
            );
            expect(alarm?.severity).toBe(written(Math.max(...beyond) / 10, outMinutes));
          });
        },
      ),
    );
  });
});
