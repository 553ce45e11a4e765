import { describe, expect, it } from 'vitest';
import type { HistoryColumns } from '../../../contract/history-columns.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { fakeHistory, slice, testUuid } from '../../test/fake-history.ts';
import { HistoryEngine, type PageSource } from './engine.ts';
import type { Progress } from './protocol.ts';

const DAY = 86_400_000;
const end = Date.UTC(2026, 10, 21);
const range = { from: end - 2 * DAY, to: end };

/** Two nodes, three kinds of message, several sharing an instant (paging's hard case). */
const data: Timeslice[] = Array.from({ length: 90 }, (_, i) => {
  const ts = end - Math.floor(i / 3) * 1_500_000;
  const node = { nodeUuid: testUuid(10 + (i % 2)), nodeName: `Van ${i % 2}` };
  if (i % 3 === 0) {
    return slice({
      ...node,
      sensorUuid: testUuid(20 + (i % 2)),
      ts,
      type: 'TEMP',
      value: { temperature: i % 9 },
    });
  }
  if (i % 3 === 1) {
    return slice({
      ...node,
      sensorUuid: testUuid(30 + (i % 2)),
      ts,
      type: 'GPS',
      value: { lat: 51 + i / 100, lon: 4.5, stationary: i % 2 === 0, hdop: 1.5 },
    });
  }
  return slice({
    ...node,
    sensorUuid: testUuid(40 + (i % 2)),
    ts,
    type: 'CONN',
    value: { function: 7 },
  });
});

/** A list answer as the cloud writes it in columns (server/history/history-columns.ts). */
function columnsOf(items: Timeslice[]): HistoryColumns {
  const gateways: HistoryColumns['gateways'] = [];
  const sensors: HistoryColumns['sensors'] = [];
  const columns: HistoryColumns = {
    columns: 1,
    channel: { uuid: items[0]?.channelUuid ?? testUuid(1), name: items[0]?.channelName ?? 'Group' },
    gateways,
    sensors,
    ts: [],
    gateway: [],
    sensor: [],
    type: '',
    temp: { ts: [], temperature: [] },
    gps: { ts: [], hdop: [], fix: [], view: [], stationary: [], lat: [], lon: [], calculated: [] },
    conn: { function: [], version: [] },
  };
  const indexOf = <T>(list: T[], entry: T, same: (a: T) => boolean) => {
    const at = list.findIndex(same);
    return at >= 0 ? at : list.push(entry) - 1;
  };
  for (const item of items) {
    columns.ts.push(item.ts);
    columns.gateway.push(
      indexOf(
        gateways,
        { uuid: item.gatewayUuid, name: item.gatewayName },
        (g) => g.uuid === item.gatewayUuid,
      ),
    );
    const { sensorUuid, sensorName, nodeUuid, nodeName } = item;
    columns.sensor.push(
      indexOf(
        sensors,
        { sensorUuid, sensorName, nodeUuid, nodeName },
        (s) => s.sensorUuid === sensorUuid,
      ),
    );
    columns.type += item.type.charAt(0);
    const table: Record<string, unknown[]> =
      item.type === 'TEMP' ? columns.temp : item.type === 'GPS' ? columns.gps : columns.conn;
    const value = item.value as Record<string, unknown>;
    for (const [key, column] of Object.entries(table)) column.push(value[key] ?? null);
  }
  return columns;
}

function source(encode: (items: Timeslice[]) => unknown): PageSource {
  const { fetchPage } = fakeHistory(data);
  return async (request, signal) => encode(await fetchPage(request, signal));
}

function settled(engine: HistoryEngine, key: string) {
  return new Promise<Progress>((resolve) => {
    engine.open(key, testUuid(1), range, (progress) => {
      if (progress.status !== 'loading') resolve(progress);
    });
  });
}

async function everyRow(engine: HistoryEngine) {
  const progress = await settled(engine, 'k');
  const { rows } = await engine.query('k', { kind: 'rows', start: 0, count: 1_000 });
  return { progress, rows };
}

describe('history answers as columns', () => {
  it('give the engine the same messages as the list, across pages that split an instant', async () => {
    // Pages of 4 items: instants hold 3 items each, so pages begin and end inside them.
    const fromList = await everyRow(
      new HistoryEngine(
        source((items) => items),
        { count: 4 },
      ),
    );
    const fromColumns = await everyRow(new HistoryEngine(source(columnsOf), { count: 4 }));
    expect(fromList.progress).toMatchObject({ status: 'done', messages: 90 });
    expect(fromColumns.progress).toMatchObject({ status: 'done', messages: 90 });
    expect(fromColumns.rows).toEqual(fromList.rows);
    // Every message once (within an instant the order is the engine's).
    const byKey = (items: Timeslice[]) =>
      [...items].sort((a, b) => b.ts - a.ts || a.sensorUuid.localeCompare(b.sensorUuid));
    expect(byKey(fromColumns.rows)).toEqual(byKey(data));
  });

  it.each([
    ['an index past the names', (c: HistoryColumns) => (c.sensor[2] = 99), 'sensor[2]'],
    [
      'a table shorter than its rows',
      (c: HistoryColumns) => c.temp.temperature.pop(),
      'temperature',
    ],
    ['a letter of no type', (c: HistoryColumns) => (c.type = 'X' + c.type.slice(1)), 'type[0]'],
    ['a latitude out of range', (c: HistoryColumns) => (c.gps.lat[0] = 91), 'value.lat'],
    [
      'a name that is not a UUID',
      (c: HistoryColumns) => (c.gateways[0] = { uuid: 'x', name: 'G' }),
      'uuid',
    ],
  ])('are refused, naming the field, for %s', async (_, breakIt, field) => {
    const engine = new HistoryEngine(
      source((items) => {
        const columns = columnsOf(items);
        breakIt(columns);
        return columns;
      }),
    );
    const progress = await settled(engine, 'k');
    expect(progress.status).toBe('failed');
    expect(progress.error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(progress.error?.message).toContain(field);
  });

  it('name the message of a refused value by its row in the answer', async () => {
    let row: number | undefined;
    const engine = new HistoryEngine(
      source((items) => {
        const columns = columnsOf(items);
        if (row === undefined) {
          // The third GPS value is the third G of the rows.
          const gps = [...columns.type].flatMap((letter, at) => (letter === 'G' ? [at] : []));
          row = gps[2];
          columns.gps.lon[2] = 181;
        }
        return columns;
      }),
    );
    const progress = await settled(engine, 'k');
    expect(progress.status).toBe('failed');
    expect(row).toBeGreaterThan(2);
    expect(progress.error?.message).toContain(
      `item ${row}: value.lon must be between -180 and 180`,
    );
  });
});
