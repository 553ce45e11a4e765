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
}
