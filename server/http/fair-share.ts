import { ApiError } from './errors.ts';

/**
 * How many of one kind of request (live streams, history reads) one user has going at once, so
 * that no single caller takes more than its share of the instance. Counted per instance: behind a
 * balancer a user may hold this many on each instance.
 */
export class PerUserGate {
  private readonly limit: number;
  private readonly what: string;
  private readonly setting: string;
  private readonly open = new Map<number, number>();

  /** `what`: the plural for a person ("live streams"); `setting`: the variable that sets it. */
  constructor(limit: number, what: string, setting: string) {
    this.limit = limit;
    this.what = what;
    this.setting = setting;
  }

  /** Takes a place for `userId`, or throws 429 naming the limit; call the answer to give it back. */
  enter(userId: number): () => void {
    const now = this.open.get(userId) ?? 0;
    if (now >= this.limit) {
      throw new ApiError(
        'TOO_MANY_REQUESTS',
        `You have ${now} ${this.what} open, the most one user may (${this.setting}=${this.limit}); ` +
          'wait for one to end, or close one.',
        { 'retry-after': '1' },
      );
    }
    this.open.set(userId, now + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const count = (this.open.get(userId) ?? 1) - 1;
      if (count > 0) this.open.set(userId, count);
      else this.open.delete(userId);
    };
  }

  /** While `work` runs, `userId` holds a place. */
  async within<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const leave = this.enter(userId);
    try {
      return await work();
    } finally {
      leave();
    }
  }
}
