import { ApiError } from './errors.ts';

interface Waiter {
  admit: () => void;
}

interface UserLine {
  running: number;
  waiting: Waiter[];
}

/**
 * Requests of one user answered at once (`limit`), the next ones waiting their turn in order, up
 * to `queue` of them; only a request beyond those answers 429 (issue 35). Waiting, not refusing,
 * makes the cloud the same on both engines: on SQLite one user's reads seldom overlap, so the
 * fifth at once was almost never seen, while on PostgreSQL 40 parallel reads got 31 refusals.
 * Counted per instance, as PerUserGate.
 */
export class PerUserQueue {
  private readonly limit: number;
  private readonly queue: number;
  private readonly what: string;
  private readonly settings: string;
  private readonly lines = new Map<number, UserLine>();

  /** `what`: the plural for a person ("history requests"); `settings`: the variables that set it. */
  constructor(options: { limit: number; queue: number; what: string; settings: string }) {
    this.limit = options.limit;
    this.queue = options.queue;
    this.what = options.what;
    this.settings = options.settings;
  }

  /**
   * Runs `work` once `userId` has a place; a request whose client went away while it waited
   * (`signal`) gives its place in the line up without running.
   */
  async within<T>(userId: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(userId, signal);
    try {
      return await work();
    } finally {
      this.leave(userId);
    }
  }

  private enter(userId: number, signal: AbortSignal | undefined): Promise<void> {
    let line = this.lines.get(userId);
    if (!line) {
      line = { running: 0, waiting: [] };
      this.lines.set(userId, line);
    }
    if (line.running < this.limit) {
      line.running++;
      return Promise.resolve();
    }
    if (line.waiting.length >= this.queue) {
      throw new ApiError(
        'TOO_MANY_REQUESTS',
        `You have ${line.running} ${this.what} being answered and ${line.waiting.length} ` +
          `waiting, the most one user may (${this.settings}); wait for some to be answered.`,
        { 'retry-after': '1' },
      );
    }
    const waiting = line.waiting;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          signal?.removeEventListener('abort', gone);
          resolve();
        },
      };
      const gone = () => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        this.forget(userId);
        // Nobody reads this answer; an ApiError keeps it out of the log's unexpected errors.
        reject(new ApiError('TOO_MANY_REQUESTS', 'The client went away while its request waited.'));
      };
      signal?.addEventListener('abort', gone, { once: true });
      waiting.push(waiter);
    });
  }

  private leave(userId: number): void {
    const line = this.lines.get(userId);
    if (!line) return;
    const next = line.waiting.shift();
    // The place goes straight to the next in line: running stays the same.
    if (next) next.admit();
    else line.running--;
    this.forget(userId);
  }

  private forget(userId: number): void {
    const line = this.lines.get(userId);
    if (line && line.running === 0 && line.waiting.length === 0) this.lines.delete(userId);
  }
}
