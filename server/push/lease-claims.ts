import type { CloudLogger } from '../cloud-logger.ts';
import { before, type Position } from '../store/leases.ts';
import { ClaimWriter, type ClaimWrite, type Launch } from './claims.ts';

/**
 * While this instance holds push's lease: what the last holders already started per channel
 * (skipped when the log is read again), and where to record what this one starts.
 */
export interface Claims {
  started: ReadonlyMap<number, Position>;
  write: ClaimWrite;
}

/** One time of holding the lease: compared by identity to see whether it still holds. */
export interface Holding {
  readonly started: Map<number, Position>;
  readonly writer: ClaimWriter;
}

/**
 * Push's lease as the dispatcher sees it: whether (and since which `lead`) this instance
 * delivers, what earlier holders started, and the log numbers of events between arrival and
 * their claim, which keep push's stored cursor below them. docs/decisions/0026-push-exactly-once.md.
 */
export class LeaseClaims {
  private readonly logger: CloudLogger;
  private holding: Holding | undefined;
  /** Log numbers of what is between arrival and the queues (a drain), or being claimed. */
  private readonly unqueued = new Map<number, number>();

  constructor(logger: CloudLogger) {
    this.logger = logger;
  }

  /** The current holding, or undefined while another instance delivers. */
  get current(): Holding | undefined {
    return this.holding;
  }

  lead(claims: Claims): void {
    this.holding?.writer.stop();
    const writer = new ClaimWriter(claims.write, (error) =>
      this.logger.warn({ err: error }, 'push: sent, but its claim waits to be written'),
    );
    this.holding = { started: new Map(claims.started), writer };
  }

  follow(): void {
    this.holding?.writer.stop();
    this.holding = undefined;
  }

  /** Whether an earlier holder of the lease already started the channel's event at `at`. */
  startedEarlier(channelId: number, at: Position | undefined): boolean {
    const claimed = this.holding?.started.get(channelId);
    return at !== undefined && claimed !== undefined && !before(claimed, at);
  }

  /** Claims and sends under `holding` (see ClaimWriter.launch). */
  launch(holding: Holding, launch: Launch): Promise<boolean> {
    return holding.writer.launch(launch);
  }

  hold(seq: number | undefined): void {
    if (seq !== undefined) this.unqueued.set(seq, (this.unqueued.get(seq) ?? 0) + 1);
  }

  letGo(seq: number | undefined): void {
    if (seq === undefined) return;
    const left = (this.unqueued.get(seq) ?? 0) - 1;
    if (left > 0) this.unqueued.set(seq, left);
    else this.unqueued.delete(seq);
  }

  /** The lowest log number held, or Infinity. */
  lowestHeld(): number {
    let lowest = Infinity;
    for (const seq of this.unqueued.keys()) lowest = Math.min(lowest, seq);
    return lowest;
  }
}
