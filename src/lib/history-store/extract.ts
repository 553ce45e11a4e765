import { worldX, worldY } from '../geo/mercator.ts';
import { GPS, TEMP, type Chunk } from './chunk.ts';
import type { Dictionary } from './dictionary.ts';

/** One sensor's temperatures, oldest first (messages without a temperature left out). */
export interface TempSeries {
  /** Index into `Dictionary.sensors`. */
  sensor: number;
  ts: Float64Array;
  values: Float64Array;
}

/**
 * One node's GPS messages, oldest first, every one of them: those without a position too, since
 * `stationary: false` (moving off) matters to trips. `lat`/`lon` are NaN where the message carries
 * no position (section 2.3: `stationary: false` carries none, whatever else it holds).
 */
export interface NodeGps {
  /** Index into `Dictionary.nodes`. */
  node: number;
  ts: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  hdop: Float64Array;
  /** 0 absent, 1 false, 2 true. */
  stationary: Uint8Array;
  calculated: Uint8Array;
}

/** When a node was heard from at all (any sensor), oldest first: silence is the gaps. */
export interface NodeHeard {
  node: number;
  ts: Float64Array;
}

/** Groups a chunk's rows by a key, keeping time order; answers each key's row numbers. */
function rowsBy(chunk: Chunk, keyOf: (row: number) => number | undefined): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let row = 0; row < chunk.length; row++) {
    const key = keyOf(row);
    if (key === undefined) continue;
    let rows = groups.get(key);
    if (!rows) groups.set(key, (rows = []));
    rows.push(row);
  }
  return groups;
}

function tempOfChunk(chunk: Chunk): TempSeries[] {
  const temperature = chunk.temp.temperature;
  const groups = rowsBy(chunk, (row) => {
    if (chunk.type[row] !== TEMP) return undefined;
    return Number.isNaN(temperature[chunk.detail[row] ?? 0]) ? undefined : chunk.sensor[row];
  });
  return [...groups].map(([sensor, rows]) => {
    const ts = new Float64Array(rows.length);
    const values = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] ?? 0;
      ts[i] = chunk.ts[row] ?? 0;
      values[i] = temperature[chunk.detail[row] ?? 0] ?? Number.NaN;
    }
    return { sensor, ts, values };
  });
}

function gpsOfChunk(chunk: Chunk, dictionary: Dictionary): NodeGps[] {
  const g = chunk.gps;
  const groups = rowsBy(chunk, (row) =>
    chunk.type[row] === GPS ? dictionary.sensors[chunk.sensor[row] ?? 0]?.node : undefined,
  );
  return [...groups].map(([node, rows]) => {
    const n = rows.length;
    const out: NodeGps = {
      node,
      ts: new Float64Array(n),
      lat: new Float64Array(n),
      lon: new Float64Array(n),
      hdop: new Float64Array(n),
      stationary: new Uint8Array(n),
      calculated: new Uint8Array(n),
    };
    rows.forEach((row, i) => {
      const at = chunk.detail[row] ?? 0;
      const lat = g.lat[at] ?? Number.NaN;
      const lon = g.lon[at] ?? Number.NaN;
      // As locationOf (lib/history/gps-track.ts): moving off carries no position, and a position
      // needs both coordinates.
      const located = g.stationary[at] !== 1 && !Number.isNaN(lat) && !Number.isNaN(lon);
      out.ts[i] = chunk.ts[row] ?? 0;
      out.lat[i] = located ? lat : Number.NaN;
      out.lon[i] = located ? lon : Number.NaN;
      out.hdop[i] = g.hdop[at] ?? Number.NaN;
      out.stationary[i] = g.stationary[at] ?? 0;
      out.calculated[i] = g.calculated[at] ?? 0;
    });
    return out;
  });
}

function heardOfChunk(chunk: Chunk, dictionary: Dictionary): NodeHeard[] {
  const groups = rowsBy(chunk, (row) => dictionary.sensors[chunk.sensor[row] ?? 0]?.node);
  // Plain loops: Float64Array.from with a function was most of a month's extraction (issue 20).
  return [...groups].map(([node, rows]) => {
    const ts = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) ts[i] = chunk.ts[rows[i] ?? 0] ?? 0;
    return { node, ts };
  });
}

/** A node's positions only (GPS messages with one), projected to Web Mercator for the map. */
export interface NodePositions {
  node: number;
  ts: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  x: Float64Array;
  y: Float64Array;
  hdop: Float64Array;
  /** 1 where the cloud calculated the position. */
  calculated: Uint8Array;
}

/** How many of each a chunk holds, for the summary. */
interface Counts {
  temperatures: Map<number, number>;
  positions: Map<number, number>;
  withoutPosition: Map<number, number>;
}

/** Per-chunk results are kept with the chunk: a new day costs only its own rows. */
const cache = {
  temp: new WeakMap<Chunk, TempSeries[]>(),
  gps: new WeakMap<Chunk, NodeGps[]>(),
  heard: new WeakMap<Chunk, NodeHeard[]>(),
  positions: new WeakMap<Chunk, NodePositions[]>(),
  counts: new WeakMap<Chunk, Counts>(),
};

function memo<T>(map: WeakMap<Chunk, T>, chunk: Chunk, make: () => T, keep: boolean): T {
  let value = map.get(chunk);
  if (value === undefined) {
    value = make();
    if (keep) map.set(chunk, value);
  }
  return value;
}

/** A record of numbers and typed columns (a day part, or the parts of a key joined). */
type Columns<T> = { [K in keyof T]: number | Float64Array | Uint8Array };

/** The parts of each key across the lists (chunks oldest first), in order. */
function byKeyOf<T extends Columns<T>>(
  parts: readonly (readonly T[])[],
  keyOf: (part: T) => number,
) {
  const byKey = new Map<number, T[]>();
  for (const list of parts) {
    for (const part of list) {
      const key = keyOf(part);
      let found = byKey.get(key);
      if (!found) byKey.set(key, (found = []));
      found.push(part);
    }
  }
  return byKey;
}

/**
 * One record of the pieces, every column in a new array of its own. With `rebind`, each piece's
 * columns become views into the new ones, so a day's part and the whole share one copy.
 */
function concatenated<T extends Columns<T>>(pieces: readonly T[], rebind: boolean): T {
  const first = pieces[0] as T;
  const out = { ...first };
  for (const key of Object.keys(first) as (keyof T)[]) {
    const column = first[key];
    if (typeof column === 'number') continue;
    const total = pieces.reduce((n, p) => n + (p[key] as Float64Array).length, 0);
    const whole = new (column.constructor as Float64ArrayConstructor)(total);
    let at = 0;
    for (const piece of pieces) {
      const part = piece[key] as Float64Array;
      whole.set(part, at);
      if (rebind) (piece[key] as unknown) = whole.subarray(at, at + part.length);
      at += part.length;
    }
    (out[key] as unknown) = whole;
  }
  return out;
}

/**
 * Joins per-chunk parts (chunks oldest first) into one record per key, every column joined. The
 * parts then become views into the joined columns, so a day's part and the whole month share one
 * copy: the parts are kept with their chunks and the reports keep the joined month, and two
 * copies were about a fifth of the worker's memory over a month of a group (issue 20).
 */
function join<T extends Columns<T>>(
  parts: readonly (readonly T[])[],
  keyOf: (part: T) => number,
): T[] {
  return [...byKeyOf(parts, keyOf).values()].map((pieces) =>
    pieces.length === 1 ? (pieces[0] as T) : concatenated(pieces, true),
  );
}

/**
 * The last join of each list of parts, found by the newest chunk's part (the same array while that
 * chunk is kept). Every query of a range (lines, bands, counts, the reports, tracks) joins the same
 * parts; joining the month again for each was the largest part of the history worker's CPU in a
 * trace of a month of a group (issue 20). A part list of a chunk still growing is new with every
 * call, so it never matches; an entry lives as long as its newest part, or until a join of more
 * parts takes its place.
 */
const joins = new WeakMap<object, { parts: readonly object[]; result: readonly object[] }>();

/** `join`, or the last join of exactly these parts (the same part lists, in the same order). */
function joined<T extends Columns<T>>(
  parts: readonly (readonly T[])[],
  keyOf: (part: T) => number,
): T[] {
  const newest = parts[parts.length - 1];
  if (newest === undefined) return [];
  const known = joins.get(newest);
  if (known && known.parts.length === parts.length && known.parts.every((p, i) => p === parts[i])) {
    // A copy of the list (callers may sort it); the records and their columns are shared.
    return [...(known.result as T[])];
  }
  const result = join(parts, keyOf);
  // Joins of fewer of these parts (days arrived since) are dropped: they would keep their own
  // copies of the columns alive.
  for (const part of parts) joins.delete(part);
  joins.set(newest, { parts: [...parts], result });
  return [...result];
}

/**
 * Views of a range's chunks (oldest first) by sensor and by node. `settled` says a chunk will not
 * grow any more (a finished day): only then are its parts kept for the next call.
 */
export function temperatureSeries(
  chunks: readonly Chunk[],
  settled: (chunk: Chunk) => boolean,
): TempSeries[] {
  const parts = chunks.map((c) => memo(cache.temp, c, () => tempOfChunk(c), settled(c)));
  return joined(parts, (s) => s.sensor);
}

export function gpsByNode(
  chunks: readonly Chunk[],
  dictionary: Dictionary,
  settled: (chunk: Chunk) => boolean,
): NodeGps[] {
  const parts = chunks.map((c) => memo(cache.gps, c, () => gpsOfChunk(c, dictionary), settled(c)));
  return joined(parts, (s) => s.node);
}

export function heardByNode(
  chunks: readonly Chunk[],
  dictionary: Dictionary,
  settled: (chunk: Chunk) => boolean,
): NodeHeard[] {
  const parts = chunks.map((c) =>
    memo(cache.heard, c, () => heardOfChunk(c, dictionary), settled(c)),
  );
  return joined(parts, (s) => s.node);
}

function positionsOfChunk(chunk: Chunk, dictionary: Dictionary, settled: boolean): NodePositions[] {
  return memo(cache.gps, chunk, () => gpsOfChunk(chunk, dictionary), settled).map((g) => {
    const rows: number[] = [];
    for (let i = 0; i < g.ts.length; i++) if (!Number.isNaN(g.lat[i] ?? Number.NaN)) rows.push(i);
    const n = rows.length;
    const out: NodePositions = {
      node: g.node,
      ts: new Float64Array(n),
      lat: new Float64Array(n),
      lon: new Float64Array(n),
      x: new Float64Array(n),
      y: new Float64Array(n),
      hdop: new Float64Array(n),
      calculated: new Uint8Array(n),
    };
    for (let k = 0; k < n; k++) {
      const i = rows[k] ?? 0;
      const lat = g.lat[i] ?? 0;
      const lon = g.lon[i] ?? 0;
      out.ts[k] = g.ts[i] ?? 0;
      out.lat[k] = lat;
      out.lon[k] = lon;
      out.x[k] = worldX(lon);
      out.y[k] = worldY(lat);
      out.hdop[k] = g.hdop[i] ?? 0;
      out.calculated[k] = g.calculated[i] === 2 ? 1 : 0;
    }
    return out;
  });
}

/**
 * Each node's positions across the chunks, oldest first, in arrays of their own that the caller
 * may give away (the tracks are transferred to the page): one copy from the day parts, not a
 * join kept in the worker and a copy of it for the page.
 */
export function positionsByNode(
  chunks: readonly Chunk[],
  dictionary: Dictionary,
  settled: (chunk: Chunk) => boolean,
): NodePositions[] {
  const parts = chunks.map((c) =>
    memo(cache.positions, c, () => positionsOfChunk(c, dictionary, settled(c)), settled(c)),
  );
  return [...byKeyOf(parts, (p) => p.node).values()]
    .map((pieces) => concatenated(pieces, false))
    .filter((p) => p.ts.length > 0);
}

function countsOfChunk(chunk: Chunk, dictionary: Dictionary): Counts {
  const counts: Counts = {
    temperatures: new Map(),
    positions: new Map(),
    withoutPosition: new Map(),
  };
  const add = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);
  for (let row = 0; row < chunk.length; row++) {
    const at = chunk.detail[row] ?? 0;
    const type = chunk.type[row];
    if (type === TEMP) {
      if (!Number.isNaN(chunk.temp.temperature[at] ?? Number.NaN)) {
        add(counts.temperatures, chunk.sensor[row] ?? 0);
      }
    } else if (type === GPS) {
      const node = dictionary.sensors[chunk.sensor[row] ?? 0]?.node ?? 0;
      const g = chunk.gps;
      const located =
        g.stationary[at] !== 1 &&
        !Number.isNaN(g.lat[at] ?? NaN) &&
        !Number.isNaN(g.lon[at] ?? NaN);
      add(located ? counts.positions : counts.withoutPosition, node);
    }
  }
  return counts;
}

/** Temperatures per sensor, positions and positionless GPS messages per node. */
export function countsOf(
  chunks: readonly Chunk[],
  dictionary: Dictionary,
  settled: (chunk: Chunk) => boolean,
): Counts {
  const total: Counts = {
    temperatures: new Map(),
    positions: new Map(),
    withoutPosition: new Map(),
  };
  for (const chunk of chunks) {
    const part = memo(cache.counts, chunk, () => countsOfChunk(chunk, dictionary), settled(chunk));
    for (const key of ['temperatures', 'positions', 'withoutPosition'] as const) {
      for (const [id, n] of part[key]) total[key].set(id, (total[key].get(id) ?? 0) + n);
    }
  }
  return total;
}
