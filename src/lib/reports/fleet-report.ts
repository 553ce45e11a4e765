import { firstAtOrAfter, lastAtOrBefore } from '../history-store/m4.ts';
import {
  gpsByNode,
  heardByNode,
  temperatureSeries,
  type NodeGps,
  type TempSeries,
} from '../history-store/extract.ts';
import type {
  ColdChainAnswer,
  DailyAnswer,
  DailyRow,
  ExcursionRow,
  MotionAnswer,
  MotionTotals,
  NodeMotion,
  ReportOptions,
  SensorColdChain,
} from '../history-store/protocol.ts';
import type { RangeStore } from '../history-store/range-store.ts';
import type { TimeSpan } from '../history/split-range.ts';
import { coldChain, type ColdChainFigures } from './excursions.ts';
import { nearestLimits, type AppliedLimits } from './limits.ts';
import { dayIndex, localDays, type LocalDays } from '../../../contract/local-days.ts';
import { motionByDay, silences, timebar, type DayMotion } from './motion-summary.ts';
import { detectTrips, type Motion } from './trips.ts';

/** The span a store covers: its pieces, and live readings after them. */
function storeSpan(store: RangeStore): TimeSpan {
  const from = store.pieces.at(-1)?.from ?? 0;
  let to = store.pieces[0]?.to ?? 0;
  const chunks = store.chunksOldestFirst();
  const last = chunks.at(-1);
  if (last && last.length > 0) to = Math.max(to, last.ts[last.length - 1] ?? to);
  return { from, to };
}

interface NodeWork {
  node: number;
  gps: NodeGps | undefined;
  heard: Float64Array;
  motion: Motion;
  silent: [number, number][];
  perDay: DayMotion;
  /** Milliseconds its trip and stop detection took. */
  ms: number;
}

interface SensorWork {
  series: TempSeries;
  node: number;
  limits: AppliedLimits | undefined;
  figures: ColdChainFigures | undefined;
}

/** What the reports of one store need, computed once per version and options. */
interface Work {
  key: string;
  span: TimeSpan;
  days: LocalDays;
  nodes: NodeWork[];
  sensors: SensorWork[];
}

const memo = new WeakMap<RangeStore, Work>();

const emptyTotals = (): MotionTotals => ({
  distanceM: 0,
  movingMs: 0,
  stopMs: 0,
  stops: 0,
  trips: 0,
  silentMs: 0,
});

function addDay(into: MotionTotals, perDay: DayMotion, day: number): void {
  into.distanceM += perDay.distanceM[day] ?? 0;
  into.movingMs += perDay.movingMs[day] ?? 0;
  into.stopMs += perDay.stopMs[day] ?? 0;
  into.stops += perDay.stops[day] ?? 0;
  into.trips += perDay.trips[day] ?? 0;
  into.silentMs += perDay.silentMs[day] ?? 0;
}

function limitsOf(store: RangeStore, sensor: number, options: ReportOptions) {
  const entry = store.dictionary.sensors[sensor];
  const node = store.dictionary.nodes[entry?.node ?? -1];
  const { limits } = options;
  const groups = [...limits.everyNode, ...(limits.groupsOfNode[node?.nodeUuid ?? ''] ?? [])];
  const unique = groups.filter((g, i) => groups.findIndex((o) => o.name === g.name) === i);
  return nearestLimits(
    limits.sensors[entry?.sensorUuid ?? ''],
    limits.nodes[node?.nodeUuid ?? ''],
    unique,
  );
}

function measureOnce(name: string, span: { start: number; duration: number }): void {
  performance.clearMeasures(name);
  performance.measure(name, span);
}

function work(store: RangeStore, options: ReportOptions): Work {
  const key = JSON.stringify([store.version, options]);
  const known = memo.get(store);
  if (known?.key === key) return known;
  const span = storeSpan(store);
  const days = localDays(span, options.timeZone);
  const chunks = store.chunksOldestFirst();
  const gathering = performance.now();
  const gpsOf = new Map(gpsByNode(chunks, store.dictionary, store.settled).map((g) => [g.node, g]));
  const heardOf = heardByNode(chunks, store.dictionary, store.settled);
  // Every node's columns gathered from the chunks at once: read by the benchmark beside each node's
  // detection below (one node's share of this is part of its trips and stops).
  // Only the latest of each measure is kept: a live range works its reports out again with every
  // reading that arrives, and the worker's timeline keeps what it is given for the session.
  measureOnce('gps and heard columns: every node', {
    start: gathering,
    duration: performance.now() - gathering,
  });
  const nodes = heardOf.map((heard): NodeWork => {
    const started = performance.now();
    const gps = gpsOf.get(heard.node);
    const first = heard.ts[0] ?? span.from;
    const last = heard.ts[heard.ts.length - 1] ?? span.to;
    const motion = gps
      ? detectTrips(gps, span, { first, last }, options.trips, days)
      : { stops: [], trips: [] };
    const silent = silences(heard.ts, span, options.trips.silenceMs);
    const perDay = motionByDay(motion, silent, days);
    const ms = performance.now() - started;
    // User Timing: visible in DevTools' performance panel, and read by the benchmark.
    measureOnce(`trips and stops: ${store.dictionary.nodes[heard.node]?.nodeName ?? ''}`, {
      start: started,
      duration: ms,
    });
    return { node: heard.node, gps, heard: heard.ts, motion, silent, perDay, ms };
  });
  const sensors = temperatureSeries(chunks, store.settled).map((series): SensorWork => {
    const limits = limitsOf(store, series.sensor, options);
    const usable = limits && !limits.conflict ? limits : undefined;
    return {
      series,
      node: store.dictionary.sensors[series.sensor]?.node ?? -1,
      limits,
      figures: usable ? coldChain(series, usable, days, options.coldChain) : undefined,
    };
  });
  const result = { key, span, days, nodes, sensors };
  memo.set(store, result);
  return result;
}

const byName = <T extends { nodeName: string }>(a: T, b: T) =>
  a.nodeName.localeCompare(b.nodeName, undefined, { numeric: true });

/** Trips, stops, timebars and totals of every node (or the named ones). */
export function motionReport(
  store: RangeStore,
  window: TimeSpan,
  width: number,
  options: ReportOptions,
  nodeUuids?: readonly string[],
): MotionAnswer {
  const w = work(store, options);
  const wanted = nodeUuids ? new Set(nodeUuids) : undefined;
  const groupByDay = w.days.labels.map(emptyTotals);
  const nodes: NodeMotion[] = [];
  let ms = 0;
  for (const n of w.nodes) {
    const entry = store.dictionary.nodes[n.node];
    if (!entry || (wanted && !wanted.has(entry.nodeUuid))) continue;
    // Nodes that report no positions (gateways) have no trips to show.
    if (!n.gps) continue;
    ms += n.ms;
    const totals = emptyTotals();
    w.days.labels.forEach((_, day) => {
      addDay(totals, n.perDay, day);
      addDay(groupByDay[day] as MotionTotals, n.perDay, day);
    });
    const heard =
      n.heard.length > 0
        ? { first: n.heard[0] ?? 0, last: n.heard[n.heard.length - 1] ?? 0 }
        : undefined;
    nodes.push({
      nodeUuid: entry.nodeUuid,
      nodeName: entry.nodeName,
      // Only what the page shows crosses to it: every field is copied on the way.
      stops: n.motion.stops.map(({ first: _f, last: _l, ...stop }) => stop),
      trips: n.motion.trips.map(({ first: _f, last: _l, byDay: _d, ...trip }) => trip),
      timebar: timebar(window, width, n.motion, n.silent, heard, true),
      totals,
    });
  }
  return {
    nodes: nodes.sort(byName),
    days: w.days.labels,
    dayStarts: w.days.starts,
    groupByDay,
    ms,
  };
}

/** The node's last position at or before `at`, NaN without one. */
function positionAt(
  gps: NodeGps | undefined,
  at: number,
): { lat: number; lon: number; ts: number } {
  if (gps) {
    for (let i = lastAtOrBefore(gps.ts, at); i >= 0; i--) {
      const lat = gps.lat[i] ?? Number.NaN;
      if (!Number.isNaN(lat)) return { lat, lon: gps.lon[i] ?? Number.NaN, ts: gps.ts[i] ?? 0 };
    }
  }
  return { lat: Number.NaN, lon: Number.NaN, ts: Number.NaN };
}

/** Lowest, highest and sum of readings (a loop of its own: docs/decisions/0155-jit-friendly-hot-loops.md). */
function spread(values: Float64Array): { min: number; max: number; sum: number } {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  return { min, max, sum };
}

/** Excursions, time in range and the figures per sensor. */
export function coldChainReport(store: RangeStore, options: ReportOptions): ColdChainAnswer {
  const w = work(store, options);
  const gpsOf = new Map(w.nodes.map((n) => [n.node, n.gps]));
  const sensors: SensorColdChain[] = [];
  const excursions: ExcursionRow[] = [];
  let covered = 0;
  let inRange = 0;
  const problems = [...options.problems];
  for (const s of w.sensors) {
    const entry = store.dictionary.sensors[s.series.sensor];
    const node = store.dictionary.nodes[s.node];
    if (!entry || !node) continue;
    const values = s.series.values;
    const { min, max, sum } = spread(values);
    const f = s.figures;
    if (s.limits?.conflict) {
      problems.push(
        `${node.nodeName}: the limits of ${s.limits.from.join(' and ')} do not overlap, so none apply.`,
      );
    }
    if (f) {
      covered += f.coveredMs;
      inRange += f.inRangeMs;
    }
    sensors.push({
      sensorUuid: entry.sensorUuid,
      nodeUuid: node.nodeUuid,
      label: `${node.nodeName} · ${entry.sensorName}`,
      nodeName: node.nodeName,
      limits: s.limits,
      readings: values.length,
      min,
      mean: values.length > 0 ? sum / values.length : Number.NaN,
      max,
      inRange: f && f.coveredMs > 0 ? f.inRangeMs / f.coveredMs : Number.NaN,
      coveredMs: f?.coveredMs ?? 0,
      excursions: f?.excursions.length ?? 0,
      longestMs: f ? Math.max(0, ...f.excursions.map((e) => e.end - e.start)) : 0,
    });
    if (!f || !s.limits) continue;
    for (const e of f.excursions) {
      const at = positionAt(gpsOf.get(s.node), e.start);
      excursions.push({
        ...e,
        nodeUuid: node.nodeUuid,
        nodeName: node.nodeName,
        sensorUuid: entry.sensorUuid,
        lat: at.lat,
        lon: at.lon,
        positionTs: at.ts,
        limits: s.limits,
      });
    }
  }
  return {
    sensors: sensors.sort(byName),
    excursions: excursions.sort((a, b) => a.start - b.start),
    groupInRange: covered > 0 ? inRange / covered : Number.NaN,
    problems,
  };
}

/** One row per node per local day: motion and cold chain together. */
export function dailyReport(store: RangeStore, options: ReportOptions): DailyAnswer {
  const w = work(store, options);
  const rows: DailyRow[] = [];
  const sensorsOf = new Map<number, SensorWork[]>();
  for (const s of w.sensors) sensorsOf.set(s.node, [...(sensorsOf.get(s.node) ?? []), s]);
  for (const n of w.nodes) {
    const node = store.dictionary.nodes[n.node];
    const temps = sensorsOf.get(n.node) ?? [];
    if (!node || (!n.gps && temps.length === 0)) continue;
    w.days.labels.forEach((day, index) => {
      const totals = emptyTotals();
      addDay(totals, n.perDay, index);
      const dayStart = w.days.starts[index] ?? 0;
      const dayEnd = (w.days.starts[index + 1] ?? dayStart) - 1;
      let tMin = Infinity;
      let tMax = -Infinity;
      let covered = 0;
      let inRange = 0;
      let excursions = 0;
      for (const s of temps) {
        const { ts, values } = s.series;
        for (let i = firstAtOrAfter(ts, dayStart); i <= lastAtOrBefore(ts, dayEnd); i++) {
          const v = values[i] ?? Number.NaN;
          if (v < tMin) tMin = v;
          if (v > tMax) tMax = v;
        }
        if (!s.figures) continue;
        covered += s.figures.coveredByDay[index] ?? 0;
        inRange += s.figures.inRangeByDay[index] ?? 0;
        excursions += s.figures.excursions.filter(
          (e) => dayIndex(w.days, e.start) === index,
        ).length;
      }
      rows.push({
        ...totals,
        nodeUuid: node.nodeUuid,
        nodeName: node.nodeName,
        day,
        dayStart,
        temperatureMin: tMin === Infinity ? Number.NaN : tMin,
        temperatureMax: tMax === -Infinity ? Number.NaN : tMax,
        inRange: covered > 0 ? inRange / covered : Number.NaN,
        excursions,
      });
    });
  }
  return { rows: rows.sort((a, b) => byName(a, b) || a.dayStart - b.dayStart) };
}

/** For the bands: each sensor with the limits that apply to it. */
export function sensorsWithLimits(store: RangeStore, options: ReportOptions) {
  // Not through `work`: bands are asked again as each day arrives, and the whole report (trips
  // and stops of every node, every excursion) each time cost seconds of the worker over a month.
  return temperatureSeries(store.chunksOldestFirst(), store.settled).map((series) => {
    const limits = limitsOf(store, series.sensor, options);
    return { series, limits: limits && !limits.conflict ? limits : undefined };
  });
}
