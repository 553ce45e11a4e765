import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  evaluateTemperature,
  type Band,
  type Episode,
  type TempReading,
} from './temperature-rule.ts';

const MIN = 60_000;
const band: Band = { min: 0, max: 8, delayMs: 0 };
let nextId = 1;
const r = (minute: number, value: number): TempReading => ({
  ts: minute * MIN,
  value,
  readingId: nextId++,
});

/** Runs readings a batch at a time (as gateways deliver), writing back what each batch left. */
function run(readings: TempReading[], rule: Band | undefined, holdOffMs = 0, batch = 1): Episode[] {
  const all: Episode[] = [];
  let open: Episode | undefined;
  for (let i = 0; i < readings.length; i += batch) {
    const episodes = evaluateTemperature(open, readings.slice(i, i + batch), rule, holdOffMs);
    open = undefined;
    for (const episode of episodes) {
      const kept = { ...episode, id: episode.id ?? nextId++ };
      const at = all.findIndex((known) => known.id === kept.id);
      if (episode.end?.kind === 'cancelled') {
        if (at >= 0) all.splice(at, 1);
        continue;
      }
      if (at >= 0) all[at] = kept;
      else all.push(kept);
      if (!episode.end) open = { ...kept, raisedNow: false, changed: false };
    }
  }
  return all;
}

describe('temperature alarms: raising and clearing', () => {
  it('the limits themselves are within the band; a tenth of a degree beyond is out', () => {
    expect(run([r(0, 8), r(1, 0), r(2, 4)], band)).toEqual([]);
    const [above] = run([r(0, 8.1)], band);
    expect(above).toMatchObject({ status: 'active', direction: 'above', raisedAt: 0 });
    const [below] = run([r(0, -0.1)], band);
    expect(below).toMatchObject({ status: 'active', direction: 'below' });
  });

  it('raises at the first reading out, keeps the peak, and clears at the first reading back in', () => {
    const episodes = run([r(0, 4), r(1, 9), r(2, 12), r(3, 10), r(4, 7), r(5, 6)], band);
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({
      status: 'active',
      firstOutAt: 1 * MIN,
      raisedAt: 1 * MIN,
      raisedValue: 9,
      peak: 12,
      peakAt: 2 * MIN,
      end: { kind: 'cleared', at: 4 * MIN },
    });
  });

  it('with a delay, an excursion shorter than it raises nothing; a longer one raises after it', () => {
    const rule = { ...band, delayMs: 10 * MIN };
    expect(run([r(0, 9), r(5, 10), r(9, 11), r(10, 7)], rule)).toEqual([]);
    const [raised] = run([r(0, 9), r(5, 10), r(10, 11), r(11, 12)], rule);
    expect(raised).toMatchObject({
      status: 'active',
      firstOutAt: 0,
      raisedAt: 10 * MIN,
      raisedValue: 11,
      peak: 12,
    });
  });

  it('hold-off: a temperature hovering at the limit raises one alarm, not one per crossing', () => {
    const readings = [r(0, 9), r(2, 7), r(4, 9), r(6, 7), r(8, 9), r(10, 7), r(30, 6)];
    const held = run(readings, band, 10 * MIN);
    expect(held).toHaveLength(1);
    expect(held[0]?.end).toMatchObject({ kind: 'cleared', at: 30 * MIN });
    // Without a hold-off each crossing is an alarm of its own.
    expect(run(readings, band, 0)).toHaveLength(3);
  });

  it('a gap in the data neither raises nor clears: time is the readings’ time', () => {
    const rule = { ...band, delayMs: 10 * MIN };
    // Out, then nothing for an hour: still pending until a reading says it is still out.
    const pending = run([r(0, 9)], rule);
    expect(pending[0]).toMatchObject({ status: 'pending' });
    const after = run([r(0, 9), r(60, 9)], rule);
    expect(after[0]).toMatchObject({ status: 'active', raisedAt: 60 * MIN });
    // An active alarm over a gap stays active until a reading back in.
    const active = run([r(0, 9), r(120, 10)], band, 10 * MIN);
    expect(active).toHaveLength(1);
    expect(active[0]?.end).toBeUndefined();
  });

  it('a late reading changes no state but may be the peak of the alarm that spans it', () => {
    const open = run([r(0, 9), r(10, 10)], band)[0];
    expect(open?.end).toBeUndefined();
    // A reading from before the newest one, back in band: it does not clear.
    const late = evaluateTemperature(open, [r(5, 4)], band, 0);
    expect(late).toHaveLength(1);
    expect(late[0]?.end).toBeUndefined();
    // A late reading farther out is the peak.
    const peak = evaluateTemperature(open, [r(6, 15)], band, 0);
    expect(peak[0]).toMatchObject({ peak: 15, peakAt: 6 * MIN });
    // With no open excursion, readings older than the newest stored one raise nothing.
    expect(evaluateTemperature(undefined, [r(5, 20)], band, 0, 6 * MIN)).toEqual([]);
  });

  it('limits removed while an alarm is active: the next reading clears it', () => {
    const open = run([r(0, 9)], band)[0];
    const [cleared] = evaluateTemperature(open, [r(1, 9)], undefined, 0);
    expect(cleared?.end).toMatchObject({ kind: 'cleared', at: 1 * MIN });
  });

  it('an alarm a person cleared while still out lets go of its slot when the data returns', () => {
    const open = { ...run([r(0, 9)], band)[0], status: 'cleared' } as Episode;
    const [released] = evaluateTemperature(open, [r(1, 9), r(2, 4)], band, 0);
    expect(released?.end).toEqual({ kind: 'released' });
  });
});

describe('temperature alarms: properties', () => {
  const value = fc.integer({ min: -5, max: 14 });
  const series = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 600 }), value), { minLength: 1, maxLength: 60 })
    .map((pairs) => {
      // One reading per minute at most, as a sensor sends.
      const byMinute = new Map(pairs);
      return [...byMinute].sort((a, b) => a[0] - b[0]).map(([minute, v]) => r(minute, v));
    });
  const rules = fc.record({
    delay: fc.integer({ min: 0, max: 20 }),
    holdOff: fc.integer({ min: 0, max: 20 }),
  });

  it('every alarm was raised by a reading out of the band, and cleared by one back in', () => {
    fc.assert(
      fc.property(series, rules, (readings, { delay, holdOff }) => {
        const rule = { ...band, delayMs: delay * MIN };
        const byTs = new Map(readings.map((reading) => [reading.ts, reading.value]));
        for (const episode of run(readings, rule, holdOff * MIN)) {
          if (episode.status === 'pending') continue;
          const raised = byTs.get(episode.raisedAt ?? -1);
          expect(raised !== undefined && (raised > 8 || raised < 0)).toBe(true);
          expect((episode.raisedAt ?? 0) - episode.firstOutAt).toBeGreaterThanOrEqual(delay * MIN);
          if (episode.end?.kind === 'cleared') {
            const back = byTs.get(episode.end.at);
            expect(back !== undefined && back >= 0 && back <= 8).toBe(true);
          }
        }
      }),
    );
  });

  it('alarms never overlap, and the outcome is the same whatever the batches', () => {
    fc.assert(
      fc.property(
        series,
        rules,
        fc.integer({ min: 1, max: 7 }),
        (readings, { delay, holdOff }, size) => {
          const rule = { ...band, delayMs: delay * MIN };
          const shape = (episodes: Episode[]) =>
            episodes.map((e) => [e.status, e.firstOutAt, e.raisedAt, e.peak, e.end?.kind]);
          const one = run(readings, rule, holdOff * MIN, 1);
          expect(shape(run(readings, rule, holdOff * MIN, size))).toEqual(shape(one));
          for (let i = 1; i < one.length; i++) {
            const before = one[i - 1];
            const after = one[i];
            if (before?.end?.kind === 'cleared' && after) {
              expect(after.firstOutAt).toBeGreaterThan(before.end.at);
            }
          }
        },
      ),
    );
  });

  it('a batch in any order gives what the same batch in order gives', () => {
    fc.assert(
      fc.property(series, rules, fc.integer(), (readings, { delay, holdOff }, seed) => {
        const rule = { ...band, delayMs: delay * MIN };
        const shuffled = [...readings].sort(
          (a, b) => ((a.readingId * 7919 + seed) % 101) - ((b.readingId * 7919 + seed) % 101),
        );
        const strip = (episodes: Episode[]) => episodes.map((e) => ({ ...e, id: undefined }));
        expect(strip(evaluateTemperature(undefined, shuffled, rule, holdOff * MIN))).toEqual(
          strip(evaluateTemperature(undefined, readings, rule, holdOff * MIN)),
        );
      }),
    );
  });
});
