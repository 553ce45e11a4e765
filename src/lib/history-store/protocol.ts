import type { Message } from '../../i18n/message.ts';
import type { ExportFormat } from '../export/formats.ts';
import type { ColdChainSettings, Excursion } from '../reports/excursions.ts';
import type { AppliedLimits, LimitSource } from '../reports/limits.ts';
import type { Stop, Trip, TripSettings } from '../reports/trips.ts';

/** A stop as the page gets it: what it shows, without the engine's row numbers. */
export type StopRecord = Omit<Stop, 'first' | 'last'>;
/** A trip as the page gets it. */
export type TripRecord = Omit<Trip, 'first' | 'last' | 'byDay'>;
import type { ConnChange } from '../history/conn-changes.ts';
import type { TimeSpan } from '../history/split-range.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';

/**
 * What the page and the history engine say to each other (docs/architecture.md, "The history
 * engine"). Every answer is small: a few points per pixel, a record per trip or excursion, the
 * rows a table shows. Columns travel as typed arrays, transferred rather than copied.
 */

export type LoadStatus = 'loading' | 'done' | 'cancelled' | 'failed';

/** An error as it crosses from the worker: the page rebuilds an ApiError from it. */
export interface EngineError {
  name: string;
  message: string;
  status?: number;
  code?: string;
  /** The page's sentence for it, as data (a worker knows no language). */
  words?: Message;
}

/** How far a range has loaded; sent after every day and at every change of status. */
export interface Progress {
  status: LoadStatus;
  /** Which pieces (splitRange's, newest first) have arrived. */
  loaded: boolean[];
  messages: number;
  error?: EngineError;
  /** Changes whenever the data changes: a day arrived, live readings were appended. */
  version: number;
}

interface SensorSummary {
  sensorUuid: string;
  sensorName: string;
  nodeUuid: string;
  nodeName: string;
  /** "Reefer 01 · temp" */
  label: string;
  temperatures: number;
}

interface NodeSummary {
  nodeUuid: string;
  nodeName: string;
  positions: number;
  /** GPS messages that carried no position (moving off, or no lat/lon). */
  withoutPosition: number;
}

export interface Summary {
  messages: number;
  sensors: SensorSummary[];
  nodes: NodeSummary[];
}

interface Line {
  sensorUuid: string;
  label: string;
  ts: Float64Array;
  values: Float64Array;
}

export interface LinesAnswer {
  lines: Line[];
  /** Lowest and highest reading in the window across the lines, undefined without readings. */
  extent: [number, number] | undefined;
}

/** Sensors that share the same limits, drawn as one band. */
export interface Band {
  key: string;
  /** Its limits, said in words by the page (the engine, in a worker, knows no language). */
  limits: AppliedLimits | undefined;
  members: number;
  /** Per pixel column: lowest, median and highest reading across members (NaN: no data). */
  low: Float64Array;
  median: Float64Array;
  high: Float64Array;
  /** Per pixel column: how many members were out of range in it. */
  out: Uint16Array;
}

export interface BandsAnswer {
  bands: Band[];
  extent: [number, number] | undefined;
}

/** One node's positions, oldest first, projected to Web Mercator fractions for drawing. */
export interface TrackColumns {
  nodeUuid: string;
  nodeName: string;
  ts: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  x: Float64Array;
  y: Float64Array;
  hdop: Float64Array;
  /** 1 where the cloud calculated the position (no GPS fix). */
  calculated: Uint8Array;
}

/** Where each node's limits come from, as channel properties say (lib/reports/limits.ts). */
export interface LimitSources {
  sensors: Record<string, LimitSource>;
  nodes: Record<string, LimitSource>;
  /** Groups by node uuid: the groups that hold it. */
  groupsOfNode: Record<string, LimitSource[]>;
  /** Groups that hold every node of the range (the group whose history this is). */
  everyNode: LimitSource[];
}

export interface NodeMotion {
  nodeUuid: string;
  nodeName: string;
  stops: StopRecord[];
  trips: TripRecord[];
  /** Per pixel column of the window: lib/reports/motion-summary.ts's states. */
  timebar: Uint8Array;
  totals: MotionTotals;
}

export interface MotionTotals {
  distanceM: number;
  movingMs: number;
  stopMs: number;
  stops: number;
  trips: number;
  silentMs: number;
}

export interface MotionAnswer {
  nodes: NodeMotion[];
  /** Per local day (labels YYYY-MM-DD): every node's totals summed. */
  days: string[];
  /** Where each day begins, and (last entry) where the last one ends. */
  dayStarts: number[];
  groupByDay: MotionTotals[];
  /** Milliseconds trip and stop detection of these nodes took in the engine (the benchmark's). */
  ms: number;
}

export interface ExcursionRow extends Excursion {
  nodeUuid: string;
  nodeName: string;
  sensorUuid: string;
  /** Where the node was when it began: its last position at or before the start. */
  lat: number;
  lon: number;
  /** When that position was taken (NaN without one). */
  positionTs: number;
  limits: AppliedLimits;
}

export interface SensorColdChain {
  sensorUuid: string;
  nodeUuid: string;
  label: string;
  nodeName: string;
  limits: AppliedLimits | undefined;
  readings: number;
  min: number;
  mean: number;
  max: number;
  /** Time in range over time covered; NaN without limits or readings. */
  inRange: number;
  coveredMs: number;
  excursions: number;
  longestMs: number;
}

export interface ColdChainAnswer {
  sensors: SensorColdChain[];
  excursions: ExcursionRow[];
  /** Time in range of every sensor with limits together, NaN if none. */
  groupInRange: number;
  /** Limits that could not be read, by channel: shown so a typo is not silently ignored. */
  problems: string[];
}

export interface DailyRow extends MotionTotals {
  nodeUuid: string;
  nodeName: string;
  /** YYYY-MM-DD in the page's time zone. */
  day: string;
  dayStart: number;
  temperatureMin: number;
  temperatureMax: number;
  /** NaN without limits. */
  inRange: number;
  excursions: number;
}

export interface DailyAnswer {
  rows: DailyRow[];
}

export interface ReportOptions {
  timeZone: string;
  trips: TripSettings;
  coldChain: ColdChainSettings;
  limits: LimitSources;
  /** Limits that did not parse, already worded for a person. */
  problems: string[];
}

export type Query =
  | { kind: 'summary' }
  | { kind: 'lines'; window: TimeSpan; width: number; sensorUuids?: string[] }
  | { kind: 'bands'; window: TimeSpan; width: number; options: ReportOptions }
  | { kind: 'tracks' }
  | { kind: 'rows'; start: number; count: number }
  | { kind: 'conn' }
  | {
      kind: 'motion';
      window: TimeSpan;
      width: number;
      options: ReportOptions;
      nodeUuids?: string[];
    }
  | { kind: 'coldChain'; options: ReportOptions }
  | { kind: 'daily'; options: ReportOptions }
  | { kind: 'export'; format: ExportFormat; fileName: string; timeZone: string };

interface Answers {
  summary: Summary;
  lines: LinesAnswer;
  bands: BandsAnswer;
  tracks: TrackColumns[];
  rows: { start: number; rows: Timeslice[] };
  conn: ConnChange[];
  motion: MotionAnswer;
  coldChain: ColdChainAnswer;
  daily: DailyAnswer;
  export: Blob;
}

export type AnswerOf<Q extends Query> = Answers[Q['kind']];
