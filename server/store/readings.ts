import type { Api } from './sql/queries.ts';
import type { SqlReadingStore } from './sql/readings.ts';
export interface NewReading {
  sensorId: number;
  nodeId: number;
  gatewayId: number;
  ts: number;
  type: string;
  /** Validated, compact JSON of the value. */
  value: string;
  /** Every channel the reading is published to: its sensor, its node, their groups. */
  channelIds: readonly number[];
}

/** A reading as history reads it, as a tuple: 10000 of them are read per request. */
export type HistoryRow = readonly [
  sensorId: number,
  gatewayId: number,
  ts: number,
  type: string,
  value: string,
];

export type ReadingStore = Api<SqlReadingStore>;
