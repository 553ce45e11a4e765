import type { ConnValue, GpsValue, TempValue, Timeslice } from '../../../contract/timeslice.ts';
import { CONN, GPS, type Chunk } from './chunk.ts';
import type { Dictionary } from './dictionary.ts';

const flag = (code: number | undefined) => (code === 2 ? true : code === 1 ? false : undefined);

/** Sets the fields that are present, in the schema's order (absent ones stay absent). */
function fields<T extends object>(entries: [keyof T, number | boolean | undefined][]): T {
  const value = {} as T;
  for (const [key, field] of entries) {
    if (field !== undefined && !(typeof field === 'number' && Number.isNaN(field))) {
      (value as Record<keyof T, number | boolean>)[key] = field;
    }
  }
  return value;
}

/**
 * One stored message as the timeslice the cloud sent (the fields the interface defines, in its
 * order). Only for the few rows a table shows and for one day of an export at a time: the rest
 * of the console reads the columns.
 */
export function timesliceAt(chunk: Chunk, row: number, dictionary: Dictionary): Timeslice {
  const sensor = dictionary.sensors[chunk.sensor[row] ?? 0];
  const node = dictionary.nodes[sensor?.node ?? 0];
  const gateway = dictionary.gateways[chunk.gateway[row] ?? 0];
  const channel = dictionary.channels[chunk.channel[row] ?? 0];
  const head = {
    channelUuid: channel?.uuid ?? '',
    channelName: channel?.name ?? '',
    gatewayUuid: gateway?.uuid ?? '',
    gatewayName: gateway?.name ?? '',
    nodeUuid: node?.nodeUuid ?? '',
    nodeName: node?.nodeName ?? '',
    sensorUuid: sensor?.sensorUuid ?? '',
    sensorName: sensor?.sensorName ?? '',
    ts: chunk.ts[row] ?? 0,
  };
  const at = chunk.detail[row] ?? 0;
  switch (chunk.type[row]) {
    case GPS: {
      const g = chunk.gps;
      const value = fields<GpsValue>([
        ['ts', g.valueTs[at]],
        ['hdop', g.hdop[at]],
        ['fix', g.fix[at]],
        ['view', g.view[at]],
        ['stationary', flag(g.stationary[at])],
        ['lat', g.lat[at]],
        ['lon', g.lon[at]],
        ['calculated', flag(g.calculated[at])],
      ]);
      return { ...head, type: 'GPS', value };
    }
    case CONN: {
      const c = chunk.conn;
      const value = fields<ConnValue>([
        ['function', c.fn[at]],
        ['version', c.version[at]],
      ]);
      return { ...head, type: 'CONN', value };
    }
    default: {
      const t = chunk.temp;
      const value = fields<TempValue>([
        ['ts', t.valueTs[at]],
        ['temperature', t.temperature[at]],
      ]);
      return { ...head, type: 'TEMP', value };
    }
  }
}
