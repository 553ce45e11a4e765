import type { SignInFailureStore } from '../store/sign-in-failures.ts';

const PRUNE_EVERY = 500;
/** How long a name that signed in from an address stays exempt from that address's throttle. */
const KNOWN_GOOD_MS = 30 * 24 * 3_600_000;

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

  /**
   * Whether `key` was marked good (a right password for a name at an address) within
   * KNOWN_GOOD_MS. A mark is a row of the same table whose `at` is when it expires, so that
   * pruning (which deletes rows older than the window) keeps it until then: no table of its own.
   */
  async known(key: string, validFor = 0): Promise<boolean> {
    return (await this.failures.recent(key, this.now() + validFor)).length > 0;
  }

  /** Marks `key` good for KNOWN_GOOD_MS; written again only once half of that has passed. */
  async remember(key: string): Promise<void> {
    if (await this.known(key, KNOWN_GOOD_MS / 2)) return;
    await this.failures.clear(key);
    await this.failures.add(key, this.now() + KNOWN_GOOD_MS);
  }
}
