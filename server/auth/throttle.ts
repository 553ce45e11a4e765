import type { SignInFailureStore } from '../store/sign-in-failures.ts';

const PRUNE_EVERY = 500;

/**
 * Counts failed sign-ins per key (a username at an address, or an address) in a sliding window, in the store, so that every
 * instance counts the same failures. After `limit` failures the key is refused until the window
 * has passed, which makes guessing passwords slow.
 */
export class FailureThrottle {
  private readonly failures: SignInFailureStore;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private added = 0;

  constructor(
    failures: SignInFailureStore,
    limit = 10,
    windowMs = 60_000,
    now: () => number = Date.now,
  ) {
    this.failures = failures;
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Seconds until `key` may try again, or 0 when it may try now; `limit` overrides the default. */
  async retryAfter(key: string, limit = this.limit): Promise<number> {
    const recent = await this.failures.recent(key, this.now() - this.windowMs);
    if (recent.length < limit) return 0;
    const oldest = recent[recent.length - limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  async fail(key: string): Promise<void> {
    await this.failures.add(key, this.now());
    if (++this.added % PRUNE_EVERY === 0) await this.failures.prune(this.now() - this.windowMs);
  }

  async succeed(key: string): Promise<void> {
    await this.failures.clear(key);
  }
}
