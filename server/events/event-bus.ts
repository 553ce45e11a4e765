/**
 * Wakes the readers of the event log (store/event-log.ts) when something was appended: in this
 * instance, or on PostgreSQL in any instance (LISTEN/NOTIFY, carrying only the new number).
 * A wakeup says nothing but "look": readers take the rows from the database after their own
 * cursor, so there is no payload limit, and a wakeup missed (a dropped connection) loses nothing;
 * the next one, or the periodic look, brings every reader up to date.
 */
export interface EventBus {
  /** Calls `wake` whenever there may be something new; the returned function stops it. */
  onWake(wake: () => void): () => void;
  /** This instance appended `seq` (after its commit): wakes the readers here at once. */
  appended(seq: number): void;
  /**
   * Calls `changed` when reach may have changed in another instance, or when such news may have
   * been missed (the reach cache forgets what it kept: server/reach-cache.ts).
   */
  onReachChanged(changed: () => void): () => void;
  /** This instance changed reach (after its commit): tells the other instances. */
  reachChanged(): void;
  /** Whether other instances' reach changes are heard now (false while not listening). */
  hearsOthers(): boolean;
  /** Calls `released` when an instance let a lease go (it is stopping): try to take it now. */
  onLeaseReleased(released: () => void): () => void;
  /** This instance let a lease go: tells every instance. */
  leaseReleased(): void;
  close(): Promise<void>;
}

const LOOK_EVERY_MS = 5_000;

/** For one instance (SQLite): wakeups in the process, and a look every few seconds besides. */
export class LocalEventBus implements EventBus {
  protected readonly waiting = new Set<() => void>();
  protected readonly reachListeners = new Set<() => void>();
  protected readonly leaseListeners = new Set<() => void>();
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.timer = setInterval(() => this.wakeAll(), LOOK_EVERY_MS);
    this.timer.unref();
  }

  onWake(wake: () => void): () => void {
    this.waiting.add(wake);
    return () => this.waiting.delete(wake);
  }

  appended(): void {
    this.wakeAll();
  }

  onReachChanged(changed: () => void): () => void {
    this.reachListeners.add(changed);
    return () => this.reachListeners.delete(changed);
  }

  /** One instance: there is nobody else to tell, and it sees its own writes. */
  reachChanged(): void {}

  hearsOthers(): boolean {
    return true;
  }

  onLeaseReleased(released: () => void): () => void {
    this.leaseListeners.add(released);
    return () => this.leaseListeners.delete(released);
  }

  leaseReleased(): void {
    this.leaseReleasedHere();
  }

  protected leaseReleasedHere(): void {
    for (const released of this.leaseListeners) released();
  }

  protected wakeAll(): void {
    for (const wake of this.waiting) wake();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.waiting.clear();
    this.reachListeners.clear();
    this.leaseListeners.clear();
  }
}
