import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LatencyHistogram, ReadingScanner, scanTimestamps } from './live-scan.ts';

/** A timeslices event as the cloud writes it (server/live/sse.ts), with names that may hold "ts". */
const reading = fc.record({
  ts: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
  name: fc.string({ maxLength: 12 }),
  type: fc.constantFrom('TEMP', 'GPS'),
});
const event = (id: number, items: { ts: number; name: string; type: string }[]) =>
  `id: ${id}\nevent: timeslices\ndata: ` +
  JSON.stringify(
    items.map(({ ts, name, type }) => ({
      channelUuid: 'c',
      channelName: name,
      ts,
      type,
      value: { temperature: 4 },
    })),
  ) +
  '\n\n';

describe('the live-streams readers’ scan', () => {
  it('finds every reading’s ts of a stream however it is cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(reading, { maxLength: 6 }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (events, cuts) => {
          const text =
            'retry: 2000\n\nevent: open\ndata: {}\n\n' +
            events.map((items, i) => event(i, items)).join('') +
            ': heartbeat\n\n';
          const seen: number[] = [];
          let opened = 0;
          const scanner = new ReadingScanner((ts) => seen.push(ts), 1);
          const feed = scanner.stream(() => opened++);
          const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...at, text.length]) {
            feed(text.slice(from, cut), 0);
            from = cut;
          }
          expect(seen).toEqual(events.flat().map((r) => r.ts));
          expect(opened).toBe(1);
          // Every event was sampled (sampleEvery 1) and agreed with JSON.parse.
          expect(scanner.mismatches).toBe(0);
          expect(scanner.sampled).toBe(events.length);
        },
      ),
    );
  });

  it('counts a sampled event whose scan disagrees with JSON.parse', () => {
    const scanner = new ReadingScanner(() => undefined, 1);
    // A name holding the key itself: the scan finds two readings where there is one.
    const feed = scanner.stream(() => undefined);
    feed('event: timeslices\ndata: [{"channelName":"\\"ts\\":5","ts":1700000000000}]\n\n', 0);
    expect(scanner.mismatches).toBe(0);
    feed('event: timeslices\ndata: [{"channelName":"x","ts":1700000000000,"a":{"ts":7}}]\n\n', 0);
    expect(scanner.mismatches).toBe(1);
  });

  it('answers the newest ts of a history answer', () => {
    const seen: number[] = [];
    const scanner = new ReadingScanner((ts, arrival) => seen.push(arrival - ts));
    const text = JSON.stringify([{ ts: 1_000 }, { ts: 3_000 }, { ts: 2_000 }]);
    expect(scanner.history(text, 5_000)).toBe(3_000);
    expect(seen).toEqual([4_000, 2_000, 3_000]);
    expect(scanTimestamps('[]')).toEqual([]);
  });
});

describe('LatencyHistogram', () => {
  it('answers the quantiles of what it was given, to the millisecond', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1 }), (values) => {
        const histogram = new LatencyHistogram();
        for (const value of values) histogram.add(value);
        const sorted = [...values].sort((a, b) => a - b);
        for (const q of [0.5, 0.99]) {
          expect(histogram.quantile(q)).toBe(sorted[Math.ceil(q * sorted.length) - 1]);
        }
      }),
    );
    expect(new LatencyHistogram().quantile(0.5)).toBeNaN();
  });

  it('tells each alarm raised with its raisedAt, and not its readings, acknowledgement or clearing', () => {
    const alarm = (type: string, raisedAt: number) =>
      `event: alarm\ndata: ${JSON.stringify({ type, alarm: { id: 'a', raisedAt, peak: { ts: 9 } } })}\n\n`;
    const readings: number[] = [];
    const raised: [number, number][] = [];
    const scanner = new ReadingScanner(
      (ts) => readings.push(ts),
      1,
      (raisedAt, arrival) => raised.push([raisedAt, arrival]),
    );
    const feed = scanner.stream(() => undefined);
    const text =
      event(1, [{ ts: 5, name: 'n', type: 'TEMP' }]) +
      alarm('raised', 5) +
      alarm('acknowledged', 5) +
      alarm('cleared', 5) +
      alarm('raised', 7);
    feed(text.slice(0, 50), 100);
    feed(text.slice(50), 200);
    expect(readings).toEqual([5]);
    expect(raised).toEqual([
      [5, 200],
      [7, 200],
    ]);
  });
});
