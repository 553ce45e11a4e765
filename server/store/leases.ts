import type { Api } from './sql/queries.ts';
import type { SqlLeaseStore } from './sql/leases.ts';
export type LeaseStore = Api<SqlLeaseStore>;

/** Where a reading is in the event log: its event's number and its index in that event. */
export interface Position {
  seq: number;
  idx: number;
}

export interface Claim extends Position {
  key: number;
}

/** a before b, in log order. */
export const before = (a: Position, b: Position) =>
  a.seq < b.seq || (a.seq === b.seq && a.idx < b.idx);
