import type { HistoryColumns } from '../../contract/history-columns.ts';
import { HISTORY_COLUMNS_TYPE } from '../../contract/history-columns.ts';
import type { HistoryRow } from '../store/readings.ts';
import type { Timeslices } from './timeslices.ts';

/**
 * The columnar history answer (docs/decisions/0053-columnar-history.md): the same items as the
 * list, newest first, as one array per field. Names are sent once per gateway and sensor and rows
 * point at them; values are split into a table per type. A console that reads it makes no object
 * per message; a client that does not ask for it gets the list as before.
 */
type Num = number | null;
type Flag = boolean | null;

const num = (value: unknown): Num => (typeof value === 'number' ? value : null);
const flag = (value: unknown): Flag => (typeof value === 'boolean' ? value : null);

/** Whether the Accept header asks for columns (the list stays the default, as before). */
export function wantsColumns(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    return type === HISTORY_COLUMNS_TYPE && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/** The history of a channel as columns (JSON text), newest first, at most `count` rows. */
export async function historyColumnsJson(
  timeslices: Timeslices,
  channel: { id: number; uuid: string; name: string },
  from: number,
  to: number,
  count: number,
): Promise<string> {
  const rows = await timeslices.learnedRange(channel.id, from, to, count);
  return JSON.stringify(columnsOf(timeslices, channel, rows));
}

function columnsOf(
  timeslices: Timeslices,
  channel: { uuid: string; name: string },
  rows: readonly HistoryRow[],
): HistoryColumns {
  const gatewayAt = new Map<number, number>();
  const sensorAt = new Map<number, number>();
  const gateways: { uuid: string; name: string }[] = [];
  const sensors: { sensorUuid: string; sensorName: string; nodeUuid: string; nodeName: string }[] =
    [];
  const ts: number[] = [];
  const gateway: number[] = [];
  const sensor: number[] = [];
  const types: string[] = [];
  const temp = { ts: [] as Num[], temperature: [] as Num[] };
  const gps = {
    ts: [] as Num[],
    hdop: [] as Num[],
    fix: [] as Num[],
    view: [] as Num[],
    stationary: [] as Flag[],
    lat: [] as Num[],
    lon: [] as Num[],
    calculated: [] as Flag[],
  };
  const conn = { function: [] as Num[], version: [] as Num[] };
  for (const [sensorId, gatewayId, at, type, text] of rows) {
    let g = gatewayAt.get(gatewayId);
    if (g === undefined) {
      const names = timeslices.gatewayNames.get(gatewayId);
      if (names === undefined) throw new Error(`gateway ${gatewayId} was not learned`);
      g = gateways.push(names) - 1;
      gatewayAt.set(gatewayId, g);
    }
    let s = sensorAt.get(sensorId);
    if (s === undefined) {
      const names = timeslices.sensorNames.get(sensorId);
      if (names === undefined) throw new Error(`sensor ${sensorId} was not learned`);
      s = sensors.push(names) - 1;
      sensorAt.set(sensorId, s);
    }
    ts.push(at);
    gateway.push(g);
    sensor.push(s);
    const value = JSON.parse(text) as Record<string, unknown>;
    if (type === 'TEMP') {
      types.push('T');
      temp.ts.push(num(value.ts));
      temp.temperature.push(num(value.temperature));
    } else if (type === 'GPS') {
      types.push('G');
      gps.ts.push(num(value.ts));
      gps.hdop.push(num(value.hdop));
      gps.fix.push(num(value.fix));
      gps.view.push(num(value.view));
      gps.stationary.push(flag(value.stationary));
      gps.lat.push(num(value.lat));
      gps.lon.push(num(value.lon));
      gps.calculated.push(flag(value.calculated));
    } else if (type === 'CONN') {
      types.push('C');
      conn.function.push(num(value.function));
      conn.version.push(num(value.version));
    } else {
      throw new Error(`a reading of unknown type ${type} is stored`);
    }
  }
  return {
    columns: 1 as const,
    channel: { uuid: channel.uuid, name: channel.name },
    gateways,
    sensors,
    ts,
    gateway,
    sensor,
    type: types.join(''),
    temp,
    gps,
    conn,
  };
}
