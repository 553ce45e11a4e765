import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { fakeHistory, slice, testUuid } from '../../test/fake-history.ts';
import { HistoryEngine } from '../history-store/engine.ts';
import {
  csvColumns,
  exportFileName,
  exportWriter,
  isoInZone,
  type ExportFormat,
} from './formats.ts';

const valueArb = fc.oneof(
  fc.record({
    type: fc.constant('TEMP' as const),
    value: fc.record({ temperature: fc.integer({ min: -40, max: 60 }) }, { requiredKeys: [] }),
  }),
  fc.record({
    type: fc.constant('GPS' as const),
    value: fc.record(
      {
        lat: fc.double({ min: -90, max: 90, noNaN: true }),
        lon: fc.double({ min: -180, max: 180, noNaN: true }),
        hdop: fc.double({ min: 0.5, max: 20, noNaN: true }),
        stationary: fc.boolean(),
        calculated: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    type: fc.constant('CONN' as const),
    value: fc.record({ function: fc.nat(9), version: fc.nat(99) }),
  }),
);

const itemsArb = fc
  .uniqueArray(
    fc.record({
      sensor: fc.integer({ min: 1, max: 3 }),
      ts: fc.integer({ min: 0, max: 1000 }),
      v: valueArb,
    }),
    { selector: (r) => `${r.sensor}@${r.ts}`, maxLength: 200, size: 'max' },
  )
  .map((rows) =>
    rows.map(({ sensor, ts, v }) =>
      slice({ ts, ...v, sensorUuid: testUuid(sensor) } as Parameters<typeof slice>[0]),
    ),
  );

/** The history engine's export of a range cut into many pieces of many small pages. */
async function exportAll(items: Timeslice[], format: ExportFormat, maxSpan: number, count: number) {
  const { fetchPage } = fakeHistory(items);
  const engine = new HistoryEngine(fetchPage, { maxSpan, count });
  await new Promise<void>((resolve, reject) =>
    engine.open('r', testUuid(1), { from: 0, to: 1000 }, (progress) => {
      if (progress.status === 'done') resolve();
      if (progress.status === 'failed') reject(new Error(progress.error?.message));
    }),
  );
  const blob = await engine.query('r', { kind: 'export', format, fileName: 'f', timeZone: 'UTC' });
  return blob.text();
}

const oldestFirst = (items: Timeslice[]) =>
  [...items].sort((a, b) => a.ts - b.ts || a.sensorUuid.localeCompare(b.sensorUuid));
const key = (ts: number, sensor: string) => `${sensor}@${ts}`;

describe('export', () => {
  // At least 20 ms a piece: each piece costs the export a task of its own (setTimeout).
  const split = [fc.integer({ min: 20, max: 300 }), fc.integer({ min: 4, max: 50 })] as const;

  it('JSON holds every item of the range once, oldest first', async () => {
    await fc.assert(
      fc.asyncProperty(itemsArb, ...split, async (items, maxSpan, count) => {
        const parsed = JSON.parse(await exportAll(items, 'json', maxSpan, count)) as Timeslice[];
        expect(parsed.map((d) => key(d.ts, d.sensorUuid)).sort()).toEqual(
          items.map((d) => key(d.ts, d.sensorUuid)).sort(),
        );
        expect(parsed.map((d) => d.ts)).toEqual(oldestFirst(items).map((d) => d.ts));
      }),
      { numRuns: 60 },
    );
  });

  it('CSV has a header and one row per item, none lost or repeated at piece boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(itemsArb, ...split, async (items, maxSpan, count) => {
        const lines = (await exportAll(items, 'csv', maxSpan, count)).split('\r\n');
        expect(lines[0]).toBe(['time (UTC)', ...csvColumns.slice(1)].join(','));
        expect(lines.at(-1)).toBe('');
        const rows = lines.slice(1, -1).map((line) => line.split(','));
        const tsAt = csvColumns.indexOf('ts');
        const sensorAt = csvColumns.indexOf('sensor_uuid');
        expect(rows.map((r) => key(Number(r[tsAt]), r[sensorAt] ?? '')).sort()).toEqual(
          items.map((d) => key(d.ts, d.sensorUuid)).sort(),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('GeoJSON holds a point for every message with a location and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(itemsArb, ...split, async (items, maxSpan, count) => {
        const parsed = JSON.parse(await exportAll(items, 'geojson', maxSpan, count)) as {
          type: string;
          features: {
            geometry: { coordinates: number[] };
            properties: { ts: number; sensorUuid: string };
          }[];
        };
        const located = items.filter(
          (d) =>
            d.type === 'GPS' &&
            d.value.stationary !== false &&
            d.value.lat !== undefined &&
            d.value.lon !== undefined,
        );
        expect(parsed.type).toBe('FeatureCollection');
        expect(
          parsed.features.map((f) => key(f.properties.ts, f.properties.sensorUuid)).sort(),
        ).toEqual(located.map((d) => key(d.ts, d.sensorUuid)).sort());
      }),
      { numRuns: 60 },
    );
  });

  it('writes a CSV row people and spreadsheets read as meant', () => {
    const writer = exportWriter('csv');
    const item = slice({
      ts: Date.UTC(2026, 10, 21, 8, 30),
      type: 'GPS',
      value: { lat: 52.5, lon: 13.4, hdop: 1.5, calculated: true },
      nodeName: 'Van "7", Berlin',
      sensorName: '=cmd',
    });
    const row = writer.chunk([item]).split(',');
    expect(row[0]).toBe('2026-11-21T08:30:00.000Z');
    expect(writer.chunk([item])).toContain('"Van ""7"", Berlin"');
    expect(writer.chunk([item])).toContain(",'=cmd,");
    expect(writer.chunk([item])).toContain(',52.5,13.4,1.5,,,,true,');
  });

  it('writes CSV times in the page’s zone with the offset of each instant, and says the zone', () => {
    const writer = exportWriter('csv', 'Europe/Amsterdam');
    expect(writer.begin()).toMatch(/^time \(Europe\/Amsterdam\),ts,type,/);
    const winter = slice({
      ts: Date.UTC(2026, 10, 21, 8, 30, 5, 120),
      type: 'TEMP',
      value: { temperature: 4 },
    });
    const summer = slice({
      ts: Date.UTC(2026, 6, 1, 22, 15),
      type: 'TEMP',
      value: { temperature: 4 },
    });
    expect(writer.chunk([winter]).split(',')[0]).toBe('2026-11-21T09:30:05.120+01:00');
    // Past midnight in Amsterdam: the local date, with summer time's offset.
    expect(writer.chunk([summer]).split(',')[0]).toBe('2026-07-02T00:15:00.000+02:00');
    expect(isoInZone(Date.UTC(2026, 0, 5, 12), 'America/New_York')).toBe(
      '2026-01-05T07:00:00.000-05:00',
    );
    expect(isoInZone(Date.UTC(2026, 0, 5, 12), 'Europe/London')).toBe(
      '2026-01-05T12:00:00.000+00:00',
    );
  });

  it('writes CSV times in UTC when the person picks it, and says so', () => {
    const writer = exportWriter('csv', 'UTC');
    expect(writer.begin()).toMatch(/^time \(UTC\),ts,/);
    const item = slice({
      ts: Date.UTC(2026, 10, 21, 8, 30),
      type: 'TEMP',
      value: { temperature: 4 },
    });
    expect(writer.chunk([item]).split(',')[0]).toBe('2026-11-21T08:30:00.000Z');
    // Each time parses back to its instant, whichever zone it was written in.
    const local = exportWriter('csv', 'Europe/Amsterdam').chunk([item]).split(',')[0] ?? '';
    expect(Date.parse(local)).toBe(item.ts);
  });

  it('names files after the channel and the range', () => {
    expect(
      exportFileName(
        'Cold chain / north',
        { from: Date.UTC(2026, 10, 18), to: Date.UTC(2026, 10, 21, 9, 5) },
        'csv',
      ),
    ).toBe('Cold-chain-north_2026-11-18T0000_2026-11-21T0905.csv');
  });
});
