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

export interface ReadingStore {
  /**
   * Stores the readings and publishes each to its channels. Returns, by position, each stored
   * reading's id, or undefined when its sensor already has a reading at that ts (a duplicate,
   * e.g. heard by two gateways).
   */
  store(readings: readonly NewReading[]): Promise<(number | undefined)[]>;
  /** History of a channel: newest first, inclusive range, at most `count`. */
  range(channelId: number, from: number, to: number, count: number): Promise<HistoryRow[]>;
  /**
   * Where `range` would cut the channel's history in [from, to] into pieces of `every`: the ts of
   * the every-th, 2·every-th, … newest reading, at most `max` of them, newest first, read from
   * the index alone (a live replay finds its windows with it, instead of reading every value).
   */
  edges(channelId: number, from: number, to: number, every: number, max: number): Promise<number[]>;
  /** The newest ts stored for the sensor, if any. */
  latestTs(sensorId: number): Promise<number | undefined>;
  /**
   * Removes history older than `before`, a bounded piece per call so that ingestion never waits
   * long for it (RETENTION_DAYS): call again while `more`. SQLite deletes at most `budget` rows
   * per call; PostgreSQL detaches and drops one whole day's partitions per call, without
   * blocking writers, and keeps a day until all of it is older than `before`.
   */
  removeBefore(before: number, budget: number): Promise<{ removed: number; more: boolean }>;
}
