/**
 * Named leases: work that must run in one instance at a time (the simulator, push delivery)
 * runs where the lease is held, renewed well within its time, and is taken over by another
 * instance when the holder stops renewing (it died) or lets it go (it stopped).
 */
export interface LeaseStore {
  /** Takes or renews `name` for `holder` until `now + ttlMs`; false while another holds it. */
  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
  /** A cursor kept with the work (how far it got), so a new holder goes on from there. */
  cursor(name: string): Promise<number>;
  setCursor(name: string, holder: string, value: number): Promise<void>;
  /** Per key, the last position (event `seq`, reading `idx`) the work has started on. */
  claims(name: string): Promise<Map<number, Position>>;
  /**
   * Moves each key's claim forward to its position (never back), in one transaction; `inside`
   * runs in it after the claims are written, right before the commit (push sends there: 0026).
   * It runs again if the transaction is run again (a deadlock), so it must do its work once.
   */
  claim(name: string, claims: readonly Claim[], inside?: () => void): Promise<void>;
}

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
