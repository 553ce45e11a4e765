import type { KeptPage, PagedRows } from '../history/fetch-span.ts';
import {
  ChunkBuilder,
  CONN,
  GPS,
  TEMP,
  type Chunk,
  type GpsRow,
  type TypeCounts,
} from './chunk.ts';
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
  /**
   * Checks the rows `keep` names and appends them oldest first (the page is newest first);
   * throws InvalidTimeslice naming the message and the field.
   */
  pushRows(builder: ChunkBuilder, keep: readonly number[]): void;
  /** How many of `keep` are of each type (indexed CONN, GPS, TEMP), if the page knows before. */
  typeCounts(keep: readonly number[]): TypeCounts | undefined;
}

/** A list answer: each item is checked as it is written (ChunkBuilder.push). */
class ListPage implements AnswerPage {
  readonly length: number;
  private readonly items: readonly { ts: number; sensorUuid: string; item: unknown }[];

  constructor(body: unknown[]) {
    this.items = body.map((item: unknown, index) => {
      const fields = item as { ts?: unknown; sensorUuid?: unknown } | null;
      if (typeof fields?.ts !== 'number' || typeof fields.sensorUuid !== 'string') {
        throw new InvalidTimeslice(`item ${index}`, 'must have a numeric ts and a sensorUuid');
      }
      return { ts: fields.ts, sensorUuid: fields.sensorUuid, item };
    });
    this.length = this.items.length;
  }

  ts(row: number): number {
    return this.items[row]?.ts ?? Number.NaN;
  }

  sensorUuid(row: number): string {
    return this.items[row]?.sensorUuid ?? '';
  }

  pushRows(builder: ChunkBuilder, keep: readonly number[]): void {
    for (let k = keep.length - 1; k >= 0; k--) {
      const row = keep[k] ?? 0;
      try {
        builder.push(this.items[row]?.item);
      } catch (error) {
        throw error instanceof InvalidTimeslice ? error.atItem(row) : error;
      }
    }
  }

  typeCounts(): undefined {
    return undefined;
  }
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

/** A row's type by the character code of its letter (C, G, T). */
function typeOfLetter(code: number): 0 | 1 | 2 | undefined {
  if (code === 84) return TEMP;
  if (code === 71) return GPS;
  return code === 67 ? CONN : undefined;
}

/** How a value column of a type's table is checked (timeslice-check.ts's rules). */
interface ValueRule {
  integer?: boolean;
  min?: number;
  max?: number;
  flag?: boolean;
}

/**
 * A value column of a type's table as a typed column: NaN (or flag 0) where the value is absent
 * (sent as null). Every value is checked here, column by column, before any row is written; a
 * refusal names the message by its row in the answer (`rowOf`, found only when one is refused).
 */
function valuesAt(
  table: Fields,
  key: string,
  length: number,
  rule: ValueRule,
  rowOf: (at: number) => number,
): Float64Array | Uint8Array {
  const list = arrayAt(table, key, length);
  const field = `value.${key}`;
  const out = rule.flag ? new Uint8Array(length) : new Float64Array(length);
  let at = 0;
  try {
    for (; at < length; at++) {
      const value = list[at] ?? undefined;
      out[at] = rule.flag
        ? optionalFlag(value, field)
        : optionalNumber(value, field, rule.integer, rule.min, rule.max);
    }
  } catch (error) {
    throw error instanceof InvalidTimeslice ? error.atItem(rowOf(at)) : error;
  }
  return out;
}

const TABLES = {
  temp: { ts: { integer: true }, temperature: { integer: true } },
  gps: {
    ts: { integer: true },
    hdop: {},
    fix: { integer: true },
    view: { integer: true },
    stationary: { flag: true },
    lat: { min: -90, max: 90 },
    lon: { min: -180, max: 180 },
    calculated: { flag: true },
  },
  conn: { function: { integer: true }, version: { integer: true } },
} satisfies Record<string, Record<string, ValueRule>>;

type Table<K extends keyof typeof TABLES> = Record<
  keyof (typeof TABLES)[K],
  Float64Array | Uint8Array
>;

/** A type's table, every column checked and typed (`flag` columns hold 0 absent, 1, 2). */
function tableAt<K extends keyof typeof TABLES>(
  fields: Fields,
  key: K,
  length: number,
  rowOf: (at: number) => number,
): Table<K> {
  const table = objectAt(fields[key], key);
  const rules: Record<string, ValueRule> = TABLES[key];
  return Object.fromEntries(
    Object.entries(rules).map(([column, rule]) => [
      column,
      valuesAt(table, column, length, rule, rowOf),
    ]),
  ) as Table<K>;
}

/**
 * The rows' instants. This and the other loops over a page's rows are functions of their own: in
 * the constructor, V8 optimised the whole of it for each loop while it ran and threw that away
 * when the loop ended, for every page (docs/decisions/0155-jit-friendly-hot-loops.md).
 */
function timesAt(fields: Fields): Float64Array {
  const list = arrayAt(fields, 'ts');
  const times = new Float64Array(list.length);
  for (let row = 0; row < list.length; row++) {
    const value = list[row];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw new InvalidTimeslice(`ts[${row}]`, 'must be an integer');
    }
    times[row] = value;
  }
  return times;
}

/** Each row's type, its row in the table of its type, and how many rows each table has. */
function typesAt(fields: Fields, length: number) {
  const letters = fields.type;
  if (typeof letters !== 'string' || letters.length !== length) {
    throw new InvalidTimeslice('type', `must be a text of ${length} letters`);
  }
  const type = new Uint8Array(length);
  const detail = new Uint32Array(length);
  const counts: TypeCounts = [0, 0, 0];
  for (let row = 0; row < length; row++) {
    const code = typeOfLetter(letters.charCodeAt(row));
    if (code === undefined) throw new InvalidTimeslice(`type[${row}]`, 'must be C, G or T');
    type[row] = code;
    detail[row] = counts[code];
    counts[code] += 1;
  }
  return { type, detail, counts };
}

/**
 * A columnar answer, checked as a whole (shape, names, instants, indices, every value) before any
 * row is written, by the same rules as the list's. A class, so that paging and the chunk's loop
 * call the same methods for every page (closures per page made the optimiser start over on each
 * new page of a month, issue 20).
 */
class ColumnsPage implements AnswerPage {
  readonly length: number;
  private readonly times: Float64Array;
  private readonly sensorUuids: readonly string[];
  /** Per row: the sensor's index in the page's names, and the dictionary's sensor and gateway. */
  private readonly localSensor: Uint32Array;
  private readonly sensor: Uint32Array;
  private readonly gateway: Uint32Array;
  private readonly channel: number;
  private readonly type: Uint8Array;
  /** Per row, its row in the table of its type. */
  private readonly detail: Uint32Array;
  private readonly temp: Table<'temp'>;
  private readonly gps: Table<'gps'>;
  private readonly conn: Table<'conn'>;
  private readonly scratch: GpsRow = {
    valueTs: 0,
    hdop: 0,
    fix: 0,
    view: 0,
    stationary: 0,
    lat: 0,
    lon: 0,
    calculated: 0,
  };

  constructor(fields: Fields, dictionary: Dictionary) {
    if (fields.columns !== 1) throw new InvalidTimeslice('columns', 'must be 1');
    const guids = new Set<string>();
    const channel = objectAt(fields.channel, 'channel');
    this.channel = dictionary.channel(guidAt(channel, 'uuid', guids), stringAt(channel, 'name'));
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
    this.sensorUuids = sensorUuids;
    this.times = timesAt(fields);
    const length = this.times.length;
    this.length = length;
    this.gateway = indicesAt(fields, 'gateway', length, gateways.length).map(
      (local) => gateways[local] ?? 0,
    );
    this.localSensor = indicesAt(fields, 'sensor', length, sensors.length);
    this.sensor = this.localSensor.map((local) => sensors[local] ?? 0);
    const { type, detail, counts } = typesAt(fields, length);
    this.type = type;
    this.detail = detail;
    const rowOf = (code: number) => (at: number) => {
      for (let row = 0; row < length; row++) {
        if (this.type[row] === code && this.detail[row] === at) return row;
      }
      return -1;
    };
    this.temp = tableAt(fields, 'temp', counts[TEMP] ?? 0, rowOf(TEMP));
    this.gps = tableAt(fields, 'gps', counts[GPS] ?? 0, rowOf(GPS));
    this.conn = tableAt(fields, 'conn', counts[CONN] ?? 0, rowOf(CONN));
  }

  ts(row: number): number {
    return this.times[row] ?? Number.NaN;
  }

  sensorUuid(row: number): string {
    return this.sensorUuids[this.localSensor[row] ?? 0] ?? '';
  }

  pushRows(builder: ChunkBuilder, keep: readonly number[]): void {
    for (let k = keep.length - 1; k >= 0; k--) this.pushRow(builder, keep[k] ?? 0);
  }

  typeCounts(keep: readonly number[]): TypeCounts {
    let conn = 0;
    let gps = 0;
    for (const row of keep) {
      const type = this.type[row];
      if (type === CONN) conn++;
      else if (type === GPS) gps++;
    }
    return [conn, gps, keep.length - conn - gps];
  }

  /** Every value was checked by the constructor: nothing here can be refused. */
  private pushRow(builder: ChunkBuilder, row: number): void {
    const at = this.detail[row] ?? 0;
    const s = this.sensor[row] ?? 0;
    const g = this.gateway[row] ?? 0;
    const t = this.times[row] ?? 0;
    const kind = this.type[row];
    if (kind === TEMP) {
      const temp = this.temp;
      builder.addTemp(t, s, g, this.channel, temp.ts[at] ?? NaN, temp.temperature[at] ?? NaN);
    } else if (kind === GPS) {
      const gps = this.gps;
      const scratch = this.scratch;
      scratch.valueTs = gps.ts[at] ?? NaN;
      scratch.hdop = gps.hdop[at] ?? NaN;
      scratch.fix = gps.fix[at] ?? NaN;
      scratch.view = gps.view[at] ?? NaN;
      scratch.stationary = gps.stationary[at] ?? 0;
      scratch.lat = gps.lat[at] ?? NaN;
      scratch.lon = gps.lon[at] ?? NaN;
      scratch.calculated = gps.calculated[at] ?? 0;
      builder.addGps(t, s, g, this.channel, scratch);
    } else {
      const conn = this.conn;
      builder.addConn(t, s, g, this.channel, conn.function[at] ?? NaN, conn.version[at] ?? NaN);
    }
  }
}

/** A history answer as a page: a list (the interface) or columns (our extension). */
export function answerPage(body: unknown, dictionary: Dictionary): AnswerPage {
  if (Array.isArray(body)) return new ListPage(body);
  if (typeof body === 'object' && body !== null && 'columns' in body) {
    return new ColumnsPage(body as Fields, dictionary);
  }
  throw new InvalidTimeslice('answer', 'must be a list');
}

/** The kept rows of a span's pages (newest first, as they came) as one chunk, oldest first. */
export function chunkOfPages(pages: KeptPage<AnswerPage>[], dictionary: Dictionary): Chunk {
  const total = pages.reduce((sum, { keep }) => sum + keep.length, 0);
  // Columns of the exact size when the pages know their types: nothing to grow or cut.
  let counts: TypeCounts | undefined = [0, 0, 0];
  for (const { page, keep } of pages) {
    const own = page.typeCounts(keep);
    counts = own && counts && [counts[0] + own[0], counts[1] + own[1], counts[2] + own[2]];
  }
  const builder = new ChunkBuilder(dictionary, total, counts);
  for (let p = pages.length - 1; p >= 0; p--) {
    const kept = pages[p];
    if (kept) kept.page.pushRows(builder, kept.keep);
  }
  return builder.build(true);
}
