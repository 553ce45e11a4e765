import { before, type Claim, type Position } from '../store/leases.ts';

/**
 * Writes claims; `inside` runs in the claims' transaction once they are written, just before
 * its commit (LeaseStore.claim), and may run again if the transaction is run again.
 */
export type ClaimWrite = (claims: readonly Claim[], inside: () => void) => Promise<void>;

/** A delivery ready to go, waiting for its claim. */
export interface Launch {
  /** The channel. */
  key: number;
  /** Its last event in the log. */
  position: Position;
  /** Asked just before the write: false leaves it out (it is not sent). */
  ready(): boolean;
  /** Writes the request to its open connection (synchronous). */
  fire(): void;
}

interface Entry {
  launch: Launch;
  resolve(sent: boolean): void;
  reject(error: unknown): void;
}

/** How long claims of sent deliveries that could not be written wait to be tried again. */
const RETRY_MS = 500;

/**
 * Push's claims and sends, together (docs/decisions/0026-push-exactly-once.md). A delivery's
 * claim (the position of its last event, per channel) is written in a transaction, its request
 * is written to its already open connection inside that transaction, and the commit follows in
 * the same turn of the event loop: no instance can die between a durable claim and its send
 * except in the few microseconds between two writes to two sockets. Deliveries that become
 * ready while a write is under way go together in the next one (one write at a time), so the
 * claims of one channel are written in the order its deliveries were taken.
 */
export class ClaimWriter {
  private readonly write: ClaimWrite;
  private readonly onError: (error: unknown) => void;
  private waiting: Entry[] = [];
  /** Claims of deliveries that were sent but whose commit failed: written with the next. */
  private unwritten = new Map<number, Position>();
  private writing = false;
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(write: ClaimWrite, onError: (error: unknown) => void = () => undefined) {
    this.write = write;
    this.onError = onError;
  }

  /**
   * Claims and sends `launch`: true once sent (its claim written, or being written again),
   * false when `ready` said no; rejects when the write failed before anything was sent.
   */
  launch(launch: Launch): Promise<boolean> {
    // Stopped (the lease went) while the delivery opened its connection: nothing more is
    // written, so it is not sent. Left waiting, it would never settle and hold closing forever.
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve, reject) => {
      this.waiting.push({ launch, resolve, reject });
      this.schedule(0);
    });
  }

  /** The lease went: nothing more is written (claims not yet written are the next holder's). */
  stop(): void {
    this.stopped = true;
    clearImmediate(this.scheduled as NodeJS.Immediate | undefined);
    clearTimeout(this.scheduled as NodeJS.Timeout | undefined);
    this.scheduled = undefined;
    for (const entry of this.waiting) entry.resolve(false);
    this.waiting = [];
  }

  private schedule(afterMs: number): void {
    if (this.writing || this.scheduled || this.stopped) return;
    // A turn later, so that deliveries starting together share a write, and so that events a
    // failed write gave back are in their queue again before the next is asked `ready`.
    const run = () => {
      this.scheduled = undefined;
      void this.flush();
    };
    this.scheduled = afterMs === 0 ? setImmediate(run) : setTimeout(run, afterMs).unref();
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    const going: Entry[] = [];
    // A channel whose earlier delivery is left out leaves out its later ones too: a claim
    // would otherwise cover events that were not sent.
    const left = new Set<number>();
    for (const entry of batch) {
      if (left.has(entry.launch.key) || !entry.launch.ready()) {
        left.add(entry.launch.key);
        entry.resolve(false);
      } else going.push(entry);
    }
    const carried = this.unwritten;
    this.unwritten = new Map();
    const claims = new Map(carried);
    for (const { launch } of going) furthest(claims, launch.key, launch.position);
    if (claims.size === 0) return;
    this.writing = true;
    let fired = false;
    const fireAll = () => {
      if (fired) return;
      fired = true;
      for (const entry of going) entry.launch.fire();
    };
    try {
      await this.write(
        [...claims].map(([key, position]) => ({ key, ...position })),
        fireAll,
      );
      // A write that had nothing to run inside (a test's) sends after.
      fireAll();
      for (const entry of going) entry.resolve(true);
    } catch (error) {
      if (fired) {
        // Sent, but the claims are not recorded: written again as soon as the database answers.
        for (const [key, position] of claims) furthest(this.unwritten, key, position);
        for (const entry of going) entry.resolve(true);
        this.onError(error);
      } else {
        for (const [key, position] of carried) furthest(this.unwritten, key, position);
        for (const entry of going) entry.reject(error);
      }
    } finally {
      this.writing = false;
    }
    if (this.waiting.length > 0) this.schedule(0);
    else if (this.unwritten.size > 0) this.schedule(RETRY_MS);
  }
}

function furthest(claims: Map<number, Position>, key: number, position: Position): void {
  const known = claims.get(key);
  if (!known || before(known, position)) claims.set(key, position);
}
