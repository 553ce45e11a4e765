import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { fakeHistory, slice, testUuid } from '../../test/fake-history.ts';
import { dedupeTimeslices, sliceKey } from './dedupe.ts';
import { fetchSpan, TooDenseError } from './fetch-span.ts';
import { splitRange } from './split-range.ts';
import { loadPieces } from './load-pieces.ts';

/** Readings of a few sensors at instants drawn from a small window, so instants collide. */
const dataArb = fc
  .uniqueArray(
    fc.record({ sensor: fc.integer({ min: 1, max: 4 }), ts: fc.integer({ min: 0, max: 400 }) }),
    { selector: (r) => `${r.sensor}@${r.ts}`, maxLength: 300, size: 'max' },
  )
  .map((readings) =>
    readings.map(({ sensor, ts }) =>
      slice({ ts, type: 'TEMP', value: { temperature: sensor }, sensorUuid: testUuid(sensor) }),
    ),
  );

const keys = (items: Timeslice[]) => items.map(sliceKey).sort();
const signal = () => new AbortController().signal;

describe('fetchSpan', () => {
  it('pages backwards and returns every item of the span once', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataArb,
        fc.integer({ min: 5, max: 60 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        async (data, count, a, b) => {
          const span = { from: Math.min(a, b), to: Math.max(a, b) };
          const { fetchPage } = fakeHistory(data);
          const got = await fetchSpan(span, fetchPage, signal(), count);
          const expected = data.filter((d) => d.ts >= span.from && d.ts <= span.to);
          expect(keys(got)).toEqual(keys(expected));
          expect(got.map((d) => d.ts)).toEqual([...got.map((d) => d.ts)].sort((x, y) => y - x));
        },
      ),
    );
  });

  it('asks once when a day holds fewer items than a page', async () => {
    const data = [1, 2, 3].map((ts) => slice({ ts, type: 'TEMP', value: { temperature: 4 } }));
    const { fetchPage, requests } = fakeHistory(data);
    await fetchSpan({ from: 0, to: 10 }, fetchPage, signal(), 10);
    expect(requests).toEqual([{ from: 0, to: 10, count: 10 }]);
  });

  it('pages with to = the oldest ts received', async () => {
    const data = [1, 2, 3, 4, 5].map((ts) => slice({ ts, type: 'TEMP', value: {} }));
    const { fetchPage, requests } = fakeHistory(data);
    const got = await fetchSpan({ from: 0, to: 10 }, fetchPage, signal(), 2);
    expect(got.map((d) => d.ts)).toEqual([5, 4, 3, 2, 1]);
    expect(requests.map((r) => r.to)).toEqual([10, 4, 3, 2, 1]);
  });

  it('says so when one instant holds more items than a page', async () => {
    const data = [1, 2, 3].map((n) =>
      slice({ ts: 7, type: 'TEMP', value: {}, sensorUuid: testUuid(n) }),
    );
    const { fetchPage } = fakeHistory(data);
    await expect(fetchSpan({ from: 0, to: 10 }, fetchPage, signal(), 2)).rejects.toThrow(
      TooDenseError,
    );
  });
});

describe('dedupeTimeslices', () => {
  it('keeps one item per sensor and instant, the first one', () => {
    fc.assert(
      fc.property(dataArb, fc.array(fc.nat()), (data, picks) => {
        const again = picks.flatMap((p) =>
          data.slice(p % (data.length || 1), (p % (data.length || 1)) + 1),
        );
        const doubled = [...data, ...again];
        const kept = dedupeTimeslices(doubled);
        expect(keys(kept)).toEqual(keys(data));
      }),
    );
  });
});

describe('loadPieces over a split range', () => {
  it('loses and repeats nothing at piece boundaries, whatever the concurrency', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataArb,
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 5, max: 30 }),
        async (data, maxSpan, concurrency, count) => {
          const pieces = splitRange({ from: 0, to: 400 }, maxSpan);
          const { fetchPage } = fakeHistory(data);
          const got: Timeslice[][] = [];
          await loadPieces(pieces, (span, s) => fetchSpan(span, fetchPage, s, count), {
            concurrency,
            signal: signal(),
            onPiece: (index, items) => (got[index] = items),
          });
          expect(keys(got.flat())).toEqual(keys(data));
        },
      ),
    );
  });

  it('resumes after an error without asking again for what it has', async () => {
    const data = [10, 20, 30, 40].map((ts) => slice({ ts, type: 'TEMP', value: {} }));
    const { fetchPage, requests } = fakeHistory(data);
    const pieces = splitRange({ from: 0, to: 39 }, 9);
    let failOnce = true;
    const loaded = new Map<number, Timeslice[]>();
    const load = (span: { from: number; to: number }, s: AbortSignal) => {
      if (span.from === 10 && failOnce) {
        failOnce = false;
        return Promise.reject(new Error('cloud down'));
      }
      return fetchSpan(span, fetchPage, s, 10);
    };
    const options = {
      concurrency: 1,
      signal: signal(),
      onPiece: (i: number, items: Timeslice[]) => loaded.set(i, items),
    };
    await expect(loadPieces(pieces, load, options)).rejects.toThrow('cloud down');
    expect([...loaded.keys()]).toEqual([0, 1]);
    const before = requests.length;
    await loadPieces(pieces, load, { ...options, skip: new Set(loaded.keys()) });
    expect(requests.slice(before).map((r) => r.from)).toEqual([10, 0]);
    expect(keys([...loaded.values()].flat())).toEqual(keys(data.filter((d) => d.ts <= 39)));
  });

  it('stops starting pieces once cancelled', async () => {
    const controller = new AbortController();
    const { fetchPage, requests } = fakeHistory([]);
    const pieces = splitRange({ from: 0, to: 99 }, 9);
    const run = loadPieces(
      pieces,
      (span, s) => {
        controller.abort();
        return fetchSpan(span, fetchPage, s, 10);
      },
      { concurrency: 2, signal: controller.signal, onPiece: () => undefined },
    );
    await expect(run).rejects.toThrow();
    expect(requests.length).toBeLessThanOrEqual(2);
  });
});
