import { randomUUID } from 'node:crypto';
import type { CloudLogger } from './cloud-logger.ts';
import type { LeaseStore } from './store/leases.ts';

const LEASE_TTL_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
/** After a try the database did not answer: the next comes sooner, so work resumes quickly. */
const AFTER_FAILURE_MS = 1_000;

/** What runs while the lease is held; its stop is called when the lease is lost or given up. */
export type LeaderWork = () => Promise<() => Promise<void>>;

/**
 * Runs `work` in the one instance that holds the named lease (a row in the database, renewed
 * every 5 s, taken over 15 s after its holder stopped renewing): the simulator, push delivery.
 * Any instance may hold it; when the holder dies, another takes over at its next try.
 */
export class Leadership {
  private readonly leases: LeaseStore;
  private readonly name: string;
  private readonly work: LeaderWork;
  private readonly log: CloudLogger;
  private readonly now: () => number;
  /** Who holds it when this instance does: unique per process and cloud. */
  readonly holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private stopWork: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private trying: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Until when this instance surely holds the lease (its last renewal plus the TTL). */
  private heldUntil = 0;
  private failing = false;
  /** Tells the other instances that the lease was let go (a notification), so they try at once. */
  private readonly announce: (() => void) | undefined;

  constructor(options: {
    leases: LeaseStore;
    name: string;
    work: LeaderWork;
    log: CloudLogger;
    now?: () => number;
    announce?: () => void;
  }) {
    this.leases = options.leases;
    this.name = options.name;
    this.work = options.work;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.announce = options.announce;
  }

  get leading(): boolean {
    return this.stopWork !== undefined;
  }

  /** Tries at once (and waits for that), then every few seconds. */
  async start(): Promise<void> {
    await this.tick();
    this.loop();
  }

  private loop(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.trying = this.trying.then(() => this.tick()).finally(() => this.loop());
      },
      this.failing ? AFTER_FAILURE_MS : RENEW_EVERY_MS,
    );
    this.timer.unref();
  }

  /**
   * Another instance let the lease go (it is stopping): try now rather than at the next renewal,
   * so the work moves within a round trip, not up to 5 s later (issue 35, rolling upgrades).
   */
  tryNow(): void {
    if (this.stopped || this.stopWork) return;
    clearTimeout(this.timer);
    this.trying = this.trying.then(() => this.tick()).finally(() => this.loop());
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    let held: boolean;
    const asked = this.now();
    try {
      held = await this.leases.acquire(this.name, this.holder, LEASE_TTL_MS, asked);
      if (held) this.heldUntil = asked + LEASE_TTL_MS;
      this.failing = false;
    } catch (error) {
      if (!this.failing) {
        this.log.warn({ err: error }, `${this.name}: the lease could not be renewed`);
      }
      this.failing = true;
      // The database did not answer (it is away): nobody else can take the lease before it
      // expires, so the work goes on until then, and resumes at the first answer after.
      held = this.now() < this.heldUntil - RENEW_EVERY_MS;
    }
    if (held && !this.stopWork && !this.stopped) {
      this.log.info(`${this.name}: this instance took the lease and runs it`);
      try {
        this.stopWork = await this.work();
      } catch (error) {
        this.log.warn({ err: error }, `${this.name}: could not start`);
        await this.leases.release(this.name, this.holder).catch(() => undefined);
      }
    } else if (!held && this.stopWork) {
      this.log.warn({}, `${this.name}: the lease went to another instance; stopping here`);
      const stop = this.stopWork;
      this.stopWork = undefined;
      await stop();
    }
  }

  /** Stops the work and lets the lease go, so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.trying;
    const stop = this.stopWork;
    this.stopWork = undefined;
    if (stop) {
      await stop();
      await this.leases.release(this.name, this.holder).catch(() => undefined);
      this.announce?.();
    }
  }
}
