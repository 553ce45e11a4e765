import { describe, expect, it } from 'vitest';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { splitRange } from '../history/split-range.ts';
import { chunkOfNewestFirst } from './chunk.ts';
import { Dictionary } from './dictionary.ts';
import { gpsByNode, temperatureSeries } from './extract.ts';
import { RangeStore } from './range-store.ts';

const DAY = 86_400_000;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function slice(
  ts: number,
  node: number,
  type: 'TEMP' | 'GPS',
  value: Record<string, unknown>,
): Timeslice {
  return {
    channelUuid: uuid(900),
    channelName: 'Cold chain',
    gatewayUuid: uuid(800),
    gatewayName: 'Gateway Noord',
    nodeUuid: uuid(node),
    nodeName: `Reefer ${node}`,
    sensorUuid: uuid(node * 10 + (type === 'TEMP' ? 1 : 2)),
    sensorName: type === 'TEMP' ? 'temp' : 'gps',
    ts,
    type,
    value,
  } as Timeslice;
}

/** What the cloud answers for a span: every message in it, newest first. */
function answer(all: Timeslice[], span: { from: number; to: number }) {
  return all.filter((m) => m.ts >= span.from && m.ts <= span.to).sort((a, b) => b.ts - a.ts);
}

describe('a range as columns', () => {
  const range = { from: 0, to: 3 * DAY - 1 };
  const all: Timeslice[] = [];
  for (let ts = 1000; ts < range.to; ts += 3_600_000) {
    all.push(slice(ts, 1, 'TEMP', { temperature: -18 + (ts % 7) }));
    all.push(slice(ts + 1, 2, 'GPS', { lat: 52.3, lon: 4.9, stationary: true }));
  }

  function loaded(order = [0, 1, 2]) {
    const dictionary = new Dictionary();
    const store = new RangeStore(dictionary, splitRange(range));
    for (const index of order) {
      const span = store.pieces[index];
      if (span) store.setPiece(index, chunkOfNewestFirst(answer(all, span), dictionary));
    }
    return store;
  }

  it('gives back every message as the cloud sent it, newest first, whatever order the days came in', () => {
    const store = loaded([2, 0, 1]);
    expect(store.messageCount).toBe(all.length);
    const newestFirst = [...all].sort((a, b) => b.ts - a.ts);
    expect(store.rowsNewestFirst(0, all.length)).toEqual(newestFirst);
    expect(store.rowsNewestFirst(70, 5)).toEqual(newestFirst.slice(70, 75));
  });

  it('shows the days that arrived when others are missing', () => {
    const store = loaded([1]);
    const middle = answer(all, store.pieces[1] ?? range);
    expect(store.rowsNewestFirst(0, 1000)).toEqual(middle);
    expect(store.loadedPieces).toBe(1);
  });

  it('joins each sensor and node across days, oldest first', () => {
    const store = loaded();
    const chunks = store.chunksOldestFirst();
    const [temps] = temperatureSeries(chunks, store.settled);
    expect(temps?.ts.length).toBe(72);
    expect([...(temps?.ts ?? [])]).toEqual(all.filter((m) => m.type === 'TEMP').map((m) => m.ts));
    const [gps] = gpsByNode(chunks, store.dictionary, store.settled);
    expect(gps?.ts.length).toBe(72);
    expect(store.dictionary.nodes[gps?.node ?? -1]?.nodeName).toBe('Reefer 2');
  });

  it('keeps one copy of a joined column: a day’s part is a view into the whole range’s', () => {
    const store = loaded();
    const chunks = store.chunksOldestFirst();
    const [whole] = temperatureSeries(chunks, store.settled);
    const lastDay = chunks.slice(-1);
    const [day] = temperatureSeries(lastDay, store.settled);
    expect(day?.ts.buffer).toBe(whole?.ts.buffer);
    expect(day?.values.buffer).toBe(whole?.values.buffer);
    const inDay = all.filter((m) => m.type === 'TEMP' && m.ts >= (store.pieces[0]?.from ?? 0));
    expect([...(day?.ts ?? [])]).toEqual(inDay.map((m) => m.ts));
    // Joined again (the next version of the range), the values are the same.
    const [again] = temperatureSeries(chunks, store.settled);
    expect([...(again?.values ?? [])]).toEqual([...(whole?.values ?? [])]);
    const [gps] = gpsByNode(chunks, store.dictionary, store.settled);
    const [gpsDay] = gpsByNode(lastDay, store.dictionary, store.settled);
    expect(gpsDay?.lat.buffer).toBe(gps?.lat.buffer);
  });

  it('joins the same days once for every query, and again when a day arrives or the tail grows', () => {
    const store = loaded([0, 1]);
    const first = temperatureSeries(store.chunksOldestFirst(), store.settled);
    const again = temperatureSeries(store.chunksOldestFirst(), store.settled);
    // The same join: no copy of the columns made for the second query.
    expect(again[0]?.ts).toBe(first[0]?.ts);
    expect(again).not.toBe(first);
    const [gps] = gpsByNode(store.chunksOldestFirst(), store.dictionary, store.settled);
    const [gpsAgain] = gpsByNode(store.chunksOldestFirst(), store.dictionary, store.settled);
    expect(gpsAgain?.lat).toBe(gps?.lat);

    const oldestDay = store.pieces[2] ?? range;
    store.setPiece(2, chunkOfNewestFirst(answer(all, oldestDay), store.dictionary));
    const [whole] = temperatureSeries(store.chunksOldestFirst(), store.settled);
    const temps = all.filter((m) => m.type === 'TEMP');
    expect([...(whole?.ts ?? [])]).toEqual(temps.map((m) => m.ts));
    expect([...(whole?.values ?? [])]).toEqual(temps.map((m) => m.value.temperature));

    // A live tail is a part that grows: each call sees its newest readings.
    store.append([slice(range.to + 10, 1, 'TEMP', { temperature: -17 })]);
    const [live] = temperatureSeries(store.chunksOldestFirst(), store.settled);
    expect([...(live?.values ?? [])].slice(-1)).toEqual([-17]);
    store.append([slice(range.to + 20, 1, 'TEMP', { temperature: -16 })]);
    const [later] = temperatureSeries(store.chunksOldestFirst(), store.settled);
    expect([...(later?.values ?? [])].slice(-2)).toEqual([-17, -16]);
    expect(later?.ts.length).toBe(temps.length + 2);
  });

  it('keeps no empty room with a finished day: each column holds its rows and no more', () => {
    // A day as a group sends it: mostly temperatures, some positions, a few connection changes.
    const day = Array.from({ length: 40 }, (_, i) =>
      i % 20 === 0
        ? { ...slice(5000 - i, 3, 'TEMP', {}), type: 'CONN', value: { function: 7 } }
        : i % 4 === 0
          ? slice(5000 - i, 2, 'GPS', { lat: 52.3, lon: 4.9 })
          : slice(5000 - i, 1, 'TEMP', { temperature: i }),
    ) as Timeslice[];
    const chunk = chunkOfNewestFirst(day, new Dictionary());
    expect([chunk.length, chunk.temp.length, chunk.gps.length, chunk.conn.length]).toEqual([
      40, 30, 8, 2,
    ]);
    const tables = [
      [chunk.length, [chunk.ts, chunk.sensor, chunk.gateway, chunk.channel, chunk.type]],
      [chunk.temp.length, [chunk.temp.temperature, chunk.temp.valueTs]],
      [chunk.gps.length, [chunk.gps.lat, chunk.gps.lon, chunk.gps.hdop, chunk.gps.stationary]],
      [chunk.conn.length, [chunk.conn.fn, chunk.conn.version]],
    ] as const;
    for (const [rows, columns] of tables) {
      for (const column of columns) {
        expect(column.buffer.byteLength).toBe(rows * column.BYTES_PER_ELEMENT);
      }
    }
    expect([...chunk.temp.temperature].slice(0, 2)).toEqual([39, 38]);
  });

  it('appends live readings after the range once each, in order', () => {
    const store = loaded();
    const version = store.version;
    const live = [
      slice(range.to + 10, 1, 'TEMP', { temperature: -17 }),
      slice(range.to + 20, 1, 'TEMP', { temperature: -16 }),
    ];
    expect(store.append([...all.slice(-2), ...live])).toBe(2);
    expect(store.append(live)).toBe(0);
    expect(store.version).toBeGreaterThan(version);
    expect(store.rowsNewestFirst(0, 2)).toEqual([live[1], live[0]]);
    const [temps] = temperatureSeries(store.chunksOldestFirst(), store.settled);
    expect([...(temps?.values ?? [])].slice(-2)).toEqual([-17, -16]);
    // The tail keeps growing past its first allocation.
    const more = Array.from({ length: 5000 }, (_, i) =>
      slice(range.to + 100 + i, 1, 'TEMP', { temperature: i % 5 }),
    );
    expect(store.append(more)).toBe(5000);
    expect(store.messageCount).toBe(all.length + 5002);
  });
});
