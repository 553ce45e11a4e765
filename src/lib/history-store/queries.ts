import type { Timeslice } from '../../../contract/timeslice.ts';
import { changesOf, type ConnChange, type ConnReading } from '../history/conn-changes.ts';
import { exportWriter } from '../export/formats.ts';
import { band, cohorts } from '../reports/bands.ts';
import {
  coldChainReport,
  dailyReport,
  motionReport,
  sensorsWithLimits,
} from '../reports/fleet-report.ts';
import { CONN, type Chunk } from './chunk.ts';
import { countsOf, positionsByNode, temperatureSeries } from './extract.ts';
import { extent, m4 } from './m4.ts';
import type {
  AnswerOf,
  BandsAnswer,
  LinesAnswer,
  Query,
  Summary,
  TrackColumns,
} from './protocol.ts';
import type { Dictionary } from './dictionary.ts';
import type { RangeStore } from './range-store.ts';
import { timesliceAt } from './row.ts';

export interface ExportProgress {
  done: number;
  total: number;
  items: number;
}

export interface QueryContext {
  /** A piece of the range, loaded if it is not yet (an export of a range still loading). */
  loadPiece: (index: number, signal: AbortSignal) => Promise<Chunk>;
  onExport?: ((progress: ExportProgress) => void) | undefined;
  signal?: AbortSignal;
}

function summary(store: RangeStore): Summary {
  const { dictionary } = store;
  const counts = countsOf(store.chunksOldestFirst(), dictionary, store.settled);
  const sensors = [...counts.temperatures].map(([sensor, temperatures]) => {
    const entry = dictionary.sensors[sensor];
    const node = dictionary.nodes[entry?.node ?? -1];
    return {
      sensorUuid: entry?.sensorUuid ?? '',
      sensorName: entry?.sensorName ?? '',
      nodeUuid: node?.nodeUuid ?? '',
      nodeName: node?.nodeName ?? '',
      label: `${node?.nodeName ?? ''} · ${entry?.sensorName ?? ''}`,
      temperatures,
    };
  });
  const gpsNodes = new Set([...counts.positions.keys(), ...counts.withoutPosition.keys()]);
  const nodes = [...gpsNodes].map((id) => {
    const node = dictionary.nodes[id];
    return {
      nodeUuid: node?.nodeUuid ?? '',
      nodeName: node?.nodeName ?? '',
      positions: counts.positions.get(id) ?? 0,
      withoutPosition: counts.withoutPosition.get(id) ?? 0,
    };
  });
  const byLabel = (
    a: { label?: string; nodeName: string },
    b: { label?: string; nodeName: string },
  ) => (a.label ?? a.nodeName).localeCompare(b.label ?? b.nodeName, undefined, { numeric: true });
  return {
    messages: store.messageCount,
    sensors: sensors.sort(byLabel),
    nodes: nodes.sort(byLabel),
  };
}

function lines(store: RangeStore, query: Extract<Query, { kind: 'lines' }>): LinesAnswer {
  const wanted = query.sensorUuids ? new Set(query.sensorUuids) : undefined;
  const { dictionary } = store;
  let low = Infinity;
  let high = -Infinity;
  const out = temperatureSeries(store.chunksOldestFirst(), store.settled).flatMap((series) => {
    const entry = dictionary.sensors[series.sensor];
    if (!entry || (wanted && !wanted.has(entry.sensorUuid))) return [];
    const points = m4(series, query.window, query.width);
    const range = extent(points);
    if (range) {
      low = Math.min(low, range[0]);
      high = Math.max(high, range[1]);
    }
    const node = dictionary.nodes[entry.node];
    return [
      {
        sensorUuid: entry.sensorUuid,
        label: `${node?.nodeName ?? ''} · ${entry.sensorName}`,
        ...points,
      },
    ];
  });
  out.sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  return { lines: out, extent: low <= high ? [low, high] : undefined };
}

/** Readings carried across empty pixel columns of a band, at most this old. */
const BAND_CARRY_MS = 15 * 60_000;

function bands(store: RangeStore, query: Extract<Query, { kind: 'bands' }>): BandsAnswer {
  let low = Infinity;
  let high = -Infinity;
  const result = cohorts(sensorsWithLimits(store, query.options)).map((c) => {
    const b = band(c.key, c.limits, c.members, query.window, query.width, BAND_CARRY_MS);
    for (const v of b.low) if (v < low) low = v;
    for (const v of b.high) if (v > high) high = v;
    return b;
  });
  return { bands: result, extent: low <= high ? [low, high] : undefined };
}

/** Every node's positions; the arrays are new (positionsByNode), so they may be given away to the page. */
function tracks(store: RangeStore): TrackColumns[] {
  const { dictionary } = store;
  return positionsByNode(store.chunksOldestFirst(), dictionary, store.settled)
    .map((p) => {
      const node = dictionary.nodes[p.node];
      return {
        nodeUuid: node?.nodeUuid ?? '',
        nodeName: node?.nodeName ?? '',
        ts: p.ts,
        lat: p.lat,
        lon: p.lon,
        x: p.x,
        y: p.y,
        hdop: p.hdop,
        calculated: p.calculated,
      };
    })
    .sort((a, b) => a.nodeName.localeCompare(b.nodeName, undefined, { numeric: true }));
}

/**
 * A chunk's messages as timeslices, oldest first. A loop of its own, not inside a loop over
 * chunks (docs/decisions/0155-jit-friendly-hot-loops.md).
 */
function slicesOf(chunk: Chunk, dictionary: Dictionary): Timeslice[] {
  const slices: Timeslice[] = [];
  for (let row = 0; row < chunk.length; row++) slices.push(timesliceAt(chunk, row, dictionary));
  return slices;
}

/** A chunk's connectivity readings, read from its columns (no timeslice made for each). */
function connReadingsOf(chunk: Chunk, dictionary: Dictionary): ConnReading[] {
  const readings: ConnReading[] = [];
  const { fn, version } = chunk.conn;
  for (let row = 0; row < chunk.length; row++) {
    if (chunk.type[row] !== CONN) continue;
    const node = dictionary.nodes[dictionary.sensors[chunk.sensor[row] ?? 0]?.node ?? -1];
    const at = chunk.detail[row] ?? 0;
    const f = fn[at] ?? Number.NaN;
    const v = version[at] ?? Number.NaN;
    readings.push({
      nodeUuid: node?.nodeUuid ?? '',
      name: node?.nodeName ?? '',
      ts: chunk.ts[row] ?? 0,
      fn: Number.isNaN(f) ? undefined : f,
      version: Number.isNaN(v) ? undefined : v,
    });
  }
  return readings;
}

/** Connectivity changes, once per version of the data. */
const connMemo = new WeakMap<RangeStore, { version: number; changes: ConnChange[] }>();

function conn(store: RangeStore): ConnChange[] {
  const known = connMemo.get(store);
  if (known?.version === store.version) return known.changes;
  const readings = store
    .chunksOldestFirst()
    .flatMap((chunk) => connReadingsOf(chunk, store.dictionary));
  const changes = changesOf(readings);
  connMemo.set(store, { version: store.version, changes });
  return changes;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The whole range as a file, oldest day first, each day written from its columns and released
 * before the next (a day not loaded yet is loaded first).
 */
async function exportFile(
  store: RangeStore,
  query: Extract<Query, { kind: 'export' }>,
  context: QueryContext,
): Promise<Blob> {
  const writer = exportWriter(query.format, query.timeZone);
  const signal = context.signal ?? new AbortController().signal;
  const parts: (string | Blob)[] = [writer.begin()];
  const total = store.pieces.length;
  let items = 0;
  for (let k = 0; k < total; k++) {
    const index = total - 1 - k;
    const chunk = await context.loadPiece(index, signal);
    const text = writer.chunk(slicesOf(chunk, store.dictionary));
    if (text) parts.push(new Blob([text]));
    items += chunk.length;
    context.onExport?.({ done: k + 1, total, items });
    await nextTask();
    signal.throwIfAborted();
  }
  parts.push(writer.end());
  return new Blob(parts, { type: writer.mimeType });
}

/** Answers a query about a store. */
export async function answer<Q extends Query>(
  store: RangeStore,
  query: Q,
  context: QueryContext,
): Promise<AnswerOf<Q>> {
  const q: Query = query;
  switch (q.kind) {
    case 'summary':
      return summary(store) as AnswerOf<Q>;
    case 'lines':
      return lines(store, q) as AnswerOf<Q>;
    case 'bands':
      return bands(store, q) as AnswerOf<Q>;
    case 'tracks':
      return tracks(store) as AnswerOf<Q>;
    case 'rows':
      return { start: q.start, rows: store.rowsNewestFirst(q.start, q.count) } as AnswerOf<Q>;
    case 'conn':
      return conn(store) as AnswerOf<Q>;
    case 'motion':
      return motionReport(store, q.window, q.width, q.options, q.nodeUuids) as AnswerOf<Q>;
    case 'coldChain':
      return coldChainReport(store, q.options) as AnswerOf<Q>;
    case 'daily':
      return dailyReport(store, q.options) as AnswerOf<Q>;
    case 'export':
      return (await exportFile(store, q, context)) as AnswerOf<Q>;
  }
}
