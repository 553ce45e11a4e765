import type { Dictionary } from './dictionary.ts';
import {
  guidAt,
  integerAt,
  InvalidTimeslice,
  objectAt,
  optionalFlagAt,
  optionalNumberAt,
  stringAt,
} from './timeslice-check.ts';

/** Value types as stored in `Chunk.type`. */
export const CONN = 0;
export const GPS = 1;
export const TEMP = 2;

/** Rows of each type, indexed by CONN, GPS and TEMP. */
export type TypeCounts = [number, number, number];

/** TEMP values, one row per TEMP message; NaN where the message left a field out. */
export interface TempColumns {
  temperature: Float64Array;
  valueTs: Float64Array;
}

/**
 * GPS values. `stationary` and `calculated` are flags: 0 absent, 1 false, 2 true. Every number is
 * kept as sent (Float64), so an export writes back exactly what the cloud answered.
 */
export interface GpsColumns {
  lat: Float64Array;
  lon: Float64Array;
  hdop: Float64Array;
  fix: Float64Array;
  view: Float64Array;
  valueTs: Float64Array;
  stationary: Uint8Array;
  calculated: Uint8Array;
}

/** One GPS message's values as the columns keep them (NaN absent; flags 0 absent, 1, 2). */
export interface GpsRow {
  valueTs: number;
  hdop: number;
  fix: number;
  view: number;
  stationary: number;
  lat: number;
  lon: number;
  calculated: number;
}

export interface ConnColumns {
  fn: Float64Array;
  version: Float64Array;
}

/**
 * Messages as columns, oldest first: one typed array per field instead of an object per message.
 * `sensor`, `gateway` and `channel` index the engine's `Dictionary`; `detail` is the row of the
 * message's value in the table of its type (`temp`, `gps`, `conn`), which hold their rows in the
 * same time order.
 */
export interface Chunk {
  length: number;
  ts: Float64Array;
  sensor: Uint32Array;
  gateway: Uint32Array;
  channel: Uint32Array;
  type: Uint8Array;
  detail: Uint32Array;
  temp: TempColumns & { length: number };
  gps: GpsColumns & { length: number };
  conn: ConnColumns & { length: number };
}

/** Approximate bytes a chunk holds, for the engine's cache budget. */
export function chunkBytes(chunk: Chunk): number {
  return (
    chunk.length * 25 + chunk.temp.length * 16 + chunk.gps.length * 50 + chunk.conn.length * 16
  );
}

type Column = Float64Array | Uint8Array | Uint32Array;

/** Columns that grow by doubling, for a chunk whose size is not known ahead (live data). */
class Growable<T extends { [K in keyof T]: Column }> {
  length = 0;
  columns: T;
  /** Rows the columns have room for (kept here: this is asked for every message). */
  private capacity: number;
  private readonly make: (capacity: number) => T;

  constructor(make: (capacity: number) => T, capacity: number) {
    this.make = make;
    this.capacity = Math.max(16, Math.ceil(capacity));
    this.columns = make(this.capacity);
  }

  private get entries(): [string, Column][] {
    return Object.entries(this.columns) as [string, Column][];
  }

  /** The row to write next, after making room for it. */
  next(): number {
    if (this.length === this.capacity) {
      this.capacity *= 2;
      const bigger = this.make(this.capacity);
      const target = bigger as Record<string, Column>;
      for (const [key, column] of this.entries) target[key]?.set(column);
      this.columns = bigger;
    }
    return this.length++;
  }

  /**
   * Views of the rows written so far (no copy); `final`, copies cut to the rows where the columns
   * have room for more, so that no empty room is kept with them.
   */
  view(final = false): T & { length: number } {
    const out: Record<string, Column | number> = { length: this.length };
    const cut = final && this.capacity > this.length;
    for (const [key, column] of this.entries) {
      out[key] = cut ? column.slice(0, this.length) : column.subarray(0, this.length);
    }
    return out as T & { length: number };
  }
}

const f64 = (n: number) => new Float64Array(n);

const mainColumns = (n: number) => ({
  ts: f64(n),
  sensor: new Uint32Array(n),
  gateway: new Uint32Array(n),
  channel: new Uint32Array(n),
  type: new Uint8Array(n),
  detail: new Uint32Array(n),
});
const tempColumns = (n: number): TempColumns => ({ temperature: f64(n), valueTs: f64(n) });
const gpsColumns = (n: number): GpsColumns => ({
  lat: f64(n),
  lon: f64(n),
  hdop: f64(n),
  fix: f64(n),
  view: f64(n),
  valueTs: f64(n),
  stationary: new Uint8Array(n),
  calculated: new Uint8Array(n),
});
const connColumns = (n: number): ConnColumns => ({ fn: f64(n), version: f64(n) });

/**
 * Writes timeslices into columns, checking each against the interface's rules as it goes
 * (`timeslice-check.ts`); a message that breaks one is refused with the field it broke. Messages
 * must come oldest first; `build` sorts them if they did not.
 */
export class ChunkBuilder {
  private readonly dictionary: Dictionary;
  private readonly main: Growable<ReturnType<typeof mainColumns>>;
  private readonly temp: Growable<TempColumns>;
  private readonly gps: Growable<GpsColumns>;
  private readonly conn: Growable<ConnColumns>;
  private readonly guids = new Set<string>();
  private ordered = true;
  private last = -Infinity;

  /** `types`: the rows of each type to come, when known (CONN, GPS, TEMP); else a guess. */
  constructor(dictionary: Dictionary, capacity = 1024, types?: TypeCounts) {
    this.dictionary = dictionary;
    this.main = new Growable(mainColumns, capacity);
    this.temp = new Growable(tempColumns, types ? types[TEMP] : capacity / 2);
    this.gps = new Growable(gpsColumns, types ? types[GPS] : capacity / 2);
    this.conn = new Growable(connColumns, types ? types[CONN] : capacity / 8);
  }

  get length(): number {
    return this.main.length;
  }

  /** Checks one message and appends it; on a refusal nothing of it is written. */
  push(item: unknown): void {
    const fields = objectAt(item, 'item');
    const guids = this.guids;
    const channelUuid = guidAt(fields, 'channelUuid', guids);
    const channelName = stringAt(fields, 'channelName');
    const gatewayUuid = guidAt(fields, 'gatewayUuid', guids);
    const gatewayName = stringAt(fields, 'gatewayName');
    const nodeUuid = guidAt(fields, 'nodeUuid', guids);
    const nodeName = stringAt(fields, 'nodeName');
    const sensorUuid = guidAt(fields, 'sensorUuid', guids);
    const sensorName = stringAt(fields, 'sensorName');
    const ts = integerAt(fields, 'ts');
    const type = fields.type;
    const value = objectAt(fields.value, 'value');
    // Every field is checked before anything is written, so a refusal leaves no trace.
    let add: (sensor: number, gateway: number, channel: number) => void;
    if (type === 'TEMP') {
      const valueTs = optionalNumberAt(value, 'ts', true);
      const temperature = optionalNumberAt(value, 'temperature', true);
      add = (s, g, c) => this.addTemp(ts, s, g, c, valueTs, temperature);
    } else if (type === 'GPS') {
      const gps: GpsRow = {
        valueTs: optionalNumberAt(value, 'ts', true),
        hdop: optionalNumberAt(value, 'hdop'),
        fix: optionalNumberAt(value, 'fix', true),
        view: optionalNumberAt(value, 'view', true),
        stationary: optionalFlagAt(value, 'stationary'),
        lat: optionalNumberAt(value, 'lat', false, -90, 90),
        lon: optionalNumberAt(value, 'lon', false, -180, 180),
        calculated: optionalFlagAt(value, 'calculated'),
      };
      add = (s, g, c) => this.addGps(ts, s, g, c, gps);
    } else if (type === 'CONN') {
      const fn = optionalNumberAt(value, 'function', true);
      const version = optionalNumberAt(value, 'version', true);
      add = (s, g, c) => this.addConn(ts, s, g, c, fn, version);
    } else {
      throw new InvalidTimeslice('type', 'must be CONN, GPS or TEMP');
    }
    const d = this.dictionary;
    add(
      d.sensor(sensorUuid, sensorName, nodeUuid, nodeName),
      d.gateway(gatewayUuid, gatewayName),
      d.channel(channelUuid, channelName),
    );
  }

  /**
   * Appends a checked TEMP message whose names are already in the dictionary (`sensor`,
   * `gateway` and `channel` are their indices there); so do addGps and addConn.
   */
  addTemp(
    ts: number,
    sensor: number,
    gateway: number,
    channel: number,
    valueTs: number,
    temperature: number,
  ): void {
    const row = this.temp.next();
    const c = this.temp.columns;
    c.valueTs[row] = valueTs;
    c.temperature[row] = temperature;
    this.addMain(ts, sensor, gateway, channel, TEMP, row);
  }

  /** `gps` may be reused by the caller: its fields are copied. */
  addGps(ts: number, sensor: number, gateway: number, channel: number, gps: GpsRow): void {
    const row = this.gps.next();
    const c = this.gps.columns;
    c.valueTs[row] = gps.valueTs;
    c.hdop[row] = gps.hdop;
    c.fix[row] = gps.fix;
    c.view[row] = gps.view;
    c.stationary[row] = gps.stationary;
    c.lat[row] = gps.lat;
    c.lon[row] = gps.lon;
    c.calculated[row] = gps.calculated;
    this.addMain(ts, sensor, gateway, channel, GPS, row);
  }

  addConn(
    ts: number,
    sensor: number,
    gateway: number,
    channel: number,
    fn: number,
    version: number,
  ): void {
    const row = this.conn.next();
    this.conn.columns.fn[row] = fn;
    this.conn.columns.version[row] = version;
    this.addMain(ts, sensor, gateway, channel, CONN, row);
  }

  private addMain(
    ts: number,
    sensor: number,
    gateway: number,
    channel: number,
    type: number,
    detail: number,
  ): void {
    const row = this.main.next();
    const c = this.main.columns;
    c.ts[row] = ts;
    c.sensor[row] = sensor;
    c.gateway[row] = gateway;
    c.channel[row] = channel;
    c.type[row] = type;
    c.detail[row] = detail;
    if (ts < this.last) this.ordered = false;
    this.last = ts;
  }

  /**
   * The rows so far as a chunk, oldest first. The builder may go on growing afterwards, unless
   * `final`: then the columns are cut to their rows. Room grows by doubling from a guess (half
   * of a day's messages TEMP, half GPS, an eighth CONN): a day of the Cold chain group (70 %
   * TEMP, 25 % GPS, 5 % CONN) kept 11 MB of room empty over a month beside 36 MB of rows (issue 20).
   */
  build(final = false): Chunk {
    const chunk: Chunk = {
      ...this.main.view(final),
      temp: this.temp.view(final),
      gps: this.gps.view(final),
      conn: this.conn.view(final),
    };
    return this.ordered ? chunk : sortedByTime(chunk);
  }
}

/**
 * Checks and stores a history answer (newest first, as the interface sends it) as one chunk,
 * oldest first. A message that breaks the interface's rules refuses the whole answer, naming the
 * message and the field.
 */
export function chunkOfNewestFirst(items: readonly unknown[], dictionary: Dictionary): Chunk {
  const builder = new ChunkBuilder(dictionary, items.length);
  for (let i = items.length - 1; i >= 0; i--) {
    try {
      builder.push(items[i]);
    } catch (error) {
      throw error instanceof InvalidTimeslice ? error.atItem(i) : error;
    }
  }
  return builder.build(true);
}

/** A stable sort by time of every column, keeping each type's table in the same order. */
function sortedByTime(chunk: Chunk): Chunk {
  const order = Array.from({ length: chunk.length }, (_, i) => i).sort(
    (a, b) => (chunk.ts[a] ?? 0) - (chunk.ts[b] ?? 0) || a - b,
  );
  const main = mainColumns(chunk.length);
  const temp = tempColumns(chunk.temp.length);
  const gps = gpsColumns(chunk.gps.length);
  const conn = connColumns(chunk.conn.length);
  const counts = [0, 0, 0];
  order.forEach((from, to) => {
    const type = chunk.type[from] ?? 0;
    const detail = chunk.detail[from] ?? 0;
    const at = counts[type] ?? 0;
    counts[type] = at + 1;
    main.ts[to] = chunk.ts[from] ?? 0;
    main.sensor[to] = chunk.sensor[from] ?? 0;
    main.gateway[to] = chunk.gateway[from] ?? 0;
    main.channel[to] = chunk.channel[from] ?? 0;
    main.type[to] = type;
    main.detail[to] = at;
    // Every column of a type's table, whatever its element type.
    const copy = (target: object, source: object) => {
      const from = source as Record<string, Float64Array>;
      for (const [key, column] of Object.entries(target as Record<string, Float64Array>)) {
        column[at] = from[key]?.[detail] ?? 0;
      }
    };
    if (type === TEMP) copy(temp, chunk.temp);
    else if (type === GPS) copy(gps, chunk.gps);
    else copy(conn, chunk.conn);
  });
  return {
    ...main,
    length: chunk.length,
    temp: { ...temp, length: chunk.temp.length },
    gps: { ...gps, length: chunk.gps.length },
    conn: { ...conn, length: chunk.conn.length },
  };
}
