import type { KeptPage, PagedRows } from '../history/fetch-span.ts';
import { ChunkBuilder, CONN, GPS, TEMP, type Chunk, type GpsRow } from './chunk.ts';
import type { Dictionary } from './dictionary.ts';
import {
  guidAt,
  InvalidTimeslice,
  objectAt,
  optionalFlag,
  optionalNumber,
  stringAt,
  type Fields,
} from './timeslice-check.ts';

/**
 * One history answer as the engine pages through it and writes it into columns: the list the
 * interface defines, or the columnar extension (server/history/history-columns.ts,
 * docs/decisions/0053-columnar-history.md) that a cloud sends when asked and the console reads
 * without making an object per message.
 */
export interface AnswerPage extends PagedRows {
  /** Checks row `row` and appends it; throws InvalidTimeslice naming the field. */
  pushRow(builder: ChunkBuilder, row: number): void;
}

/** A list answer: each item is checked as it is written (ChunkBuilder.push). */
function listPage(body: unknown[]): AnswerPage {
  const items = body.map((item: unknown, index) => {
    const fields = item as { ts?: unknown; sensorUuid?: unknown } | null;
    if (typeof fields?.ts !== 'number' || typeof fields.sensorUuid !== 'string') {
      throw new InvalidTimeslice(`item ${index}`, 'must have a numeric ts and a sensorUuid');
    }
    return { ts: fields.ts, sensorUuid: fields.sensorUuid, item };
  });
  const at = (row: number) => items[row] ?? { ts: Number.NaN, sensorUuid: '', item: undefined };
  return {
    length: items.length,
    ts: (row) => at(row).ts,
    sensorUuid: (row) => at(row).sensorUuid,
    pushRow: (builder, row) => builder.push(at(row).item),
  };
}

function arrayAt(fields: Fields, key: string, length?: number): unknown[] {
  const value = fields[key];
  if (!Array.isArray(value)) throw new InvalidTimeslice(key, 'must be a list');
  if (length !== undefined && value.length !== length) {
    throw new InvalidTimeslice(key, `must have ${length} entries`);
  }
  return value;
}

/** Indices into a list of `size` names, one per row. */
function indicesAt(fields: Fields, key: string, length: number, size: number): Uint32Array {
  const list = arrayAt(fields, key, length);
  const out = new Uint32Array(length);
  for (let row = 0; row < length; row++) {
    const value = list[row];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= size) {
      throw new InvalidTimeslice(`${key}[${row}]`, `must be an index below ${size}`);
    }
    out[row] = value;
  }
  return out;
}

/** A value column of a type's table: `fields` must be an object of lists of `length` rows. */
function tableAt(fields: Fields, key: string, columns: readonly string[], length: number) {
  const table = objectAt(fields[key], key);
  return Object.fromEntries(
    columns.map((column) => [column, arrayAt(table, column, length)]),
  ) as Record<string, unknown[]>;
}

const TYPES: Record<string, number> = { T: TEMP, G: GPS, C: CONN };

/**
 * A columnar answer, checked as a whole (shape, names, instants, indices) before any row is
 * written; each value is checked as its row is written, by the same rules as the list's.
 */
function columnsPage(fields: Fields, dictionary: Dictionary): AnswerPage {
  if (fields.columns !== 1) throw new InvalidTimeslice('columns', 'must be 1');
  const guids = new Set<string>();
  const channel = objectAt(fields.channel, 'channel');
  const channelAt = dictionary.channel(guidAt(channel, 'uuid', guids), stringAt(channel, 'name'));
  const gateways = arrayAt(fields, 'gateways').map((entry, index) => {
    const names = objectAt(entry, `gateways[${index}]`);
    return dictionary.gateway(guidAt(names, 'uuid', guids), stringAt(names, 'name'));
  });
  const sensorUuids: string[] = [];
  const sensors = arrayAt(fields, 'sensors').map((entry, index) => {
    const names = objectAt(entry, `sensors[${index}]`);
    const sensorUuid = guidAt(names, 'sensorUuid', guids);
    sensorUuids.push(sensorUuid);
    return dictionary.sensor(
      sensorUuid,
      stringAt(names, 'sensorName'),
      guidAt(names, 'nodeUuid', guids),
      stringAt(names, 'nodeName'),
    );
  });
  const tsList = arrayAt(fields, 'ts');
  const length = tsList.length;
  const ts = new Float64Array(length);
  for (let row = 0; row < length; row++) {
    const value = tsList[row];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw new InvalidTimeslice(`ts[${row}]`, 'must be an integer');
    }
    ts[row] = value;
  }
  const gateway = indicesAt(fields, 'gateway', length, gateways.length);
  const sensor = indicesAt(fields, 'sensor', length, sensors.length);
  const letters = fields.type;
  if (typeof letters !== 'string' || letters.length !== length) {
    throw new InvalidTimeslice('type', `must be a text of ${length} letters`);
  }
  const type = new Uint8Array(length);
  const detail = new Uint32Array(length);
  const counts = [0, 0, 0];
  for (let row = 0; row < length; row++) {
    const code = TYPES[letters.charAt(row)];
    if (code === undefined) throw new InvalidTimeslice(`type[${row}]`, 'must be C, G or T');
    type[row] = code;
    detail[row] = counts[code] ?? 0;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  const temp = tableAt(fields, 'temp', ['ts', 'temperature'], counts[TEMP] ?? 0);
  const gpsKeys = ['ts', 'hdop', 'fix', 'view', 'stationary', 'lat', 'lon', 'calculated'];
  const gps = tableAt(fields, 'gps', gpsKeys, counts[GPS] ?? 0);
  const conn = tableAt(fields, 'conn', ['function', 'version'], counts[CONN] ?? 0);
  // Absent values are sent as null; the checks take undefined for absent.
  const value = (table: Record<string, unknown[]>, key: string, at: number): unknown =>
    table[key]?.[at] ?? undefined;
  const scratch: GpsRow = {
    valueTs: 0,
    hdop: 0,
    fix: 0,
    view: 0,
    stationary: 0,
    lat: 0,
    lon: 0,
    calculated: 0,
  };
  return {
    length,
    ts: (row) => ts[row] ?? Number.NaN,
    sensorUuid: (row) => sensorUuids[sensor[row] ?? 0] ?? '',
    pushRow(builder, row) {
      const at = detail[row] ?? 0;
      const s = sensors[sensor[row] ?? 0] ?? 0;
      const g = gateways[gateway[row] ?? 0] ?? 0;
      const t = ts[row] ?? 0;
      const kind = type[row];
      if (kind === TEMP) {
        const valueTs = optionalNumber(value(temp, 'ts', at), 'value.ts', true);
        const temperature = optionalNumber(
          value(temp, 'temperature', at),
          'value.temperature',
          true,
        );
        builder.addTemp(t, s, g, channelAt, valueTs, temperature);
      } else if (kind === GPS) {
        scratch.valueTs = optionalNumber(value(gps, 'ts', at), 'value.ts', true);
        scratch.hdop = optionalNumber(value(gps, 'hdop', at), 'value.hdop');
        scratch.fix = optionalNumber(value(gps, 'fix', at), 'value.fix', true);
        scratch.view = optionalNumber(value(gps, 'view', at), 'value.view', true);
        scratch.stationary = optionalFlag(value(gps, 'stationary', at), 'value.stationary');
        scratch.lat = optionalNumber(value(gps, 'lat', at), 'value.lat', false, -90, 90);
        scratch.lon = optionalNumber(value(gps, 'lon', at), 'value.lon', false, -180, 180);
        scratch.calculated = optionalFlag(value(gps, 'calculated', at), 'value.calculated');
        builder.addGps(t, s, g, channelAt, scratch);
      } else {
        const fn = optionalNumber(value(conn, 'function', at), 'value.function', true);
        const version = optionalNumber(value(conn, 'version', at), 'value.version', true);
        builder.addConn(t, s, g, channelAt, fn, version);
      }
    },
  };
}

/** A history answer as a page: a list (the interface) or columns (our extension). */
export function answerPage(body: unknown, dictionary: Dictionary): AnswerPage {
  if (Array.isArray(body)) return listPage(body);
  if (typeof body === 'object' && body !== null && 'columns' in body) {
    return columnsPage(body as Fields, dictionary);
  }
  throw new InvalidTimeslice('answer', 'must be a list');
}

/** The kept rows of a span's pages (newest first, as they came) as one chunk, oldest first. */
export function chunkOfPages(pages: KeptPage<AnswerPage>[], dictionary: Dictionary): Chunk {
  const total = pages.reduce((sum, { keep }) => sum + keep.length, 0);
  const builder = new ChunkBuilder(dictionary, total);
  for (let p = pages.length - 1; p >= 0; p--) {
    const kept = pages[p];
    if (kept === undefined) continue;
    for (let k = kept.keep.length - 1; k >= 0; k--) {
      const row = kept.keep[k] ?? 0;
      try {
        kept.page.pushRow(builder, row);
      } catch (error) {
        throw error instanceof InvalidTimeslice ? error.atItem(row) : error;
      }
    }
  }
  return builder.build(true);
}
