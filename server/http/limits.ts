import { trustProxyFromEnv, type TrustProxy } from '../auth/client-address.ts';

/** What one caller may take of the cloud, and how long a connection may dawdle. */
export interface Limits {
  /** Fastify's trustProxy, from TRUST_PROXY (server/auth/client-address.ts). */
  trustProxy: TrustProxy;
  /** A request's headers and body must have arrived within this (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Live streams one user may hold open at once (STREAMS_PER_USER). */
  streamsPerUser: number;
  /** History and report requests of one user being answered at once (HISTORY_PER_USER). */
  historyPerUser: number;
  /** History requests of one user waiting for a place beyond those; the next answers 429. */
  historyQueuePerUser: number;
  /**
   * What may wait unsent in one stream's buffer in the cloud's process (256 KiB): a live batch
   * is not written above it (the stream ends as too slow), and a replay waits while more than a
   * quarter of it is unsent. With one message (a replay's is at most 250 timeslices, ~80 KB),
   * that is what an unread stream holds here (docs/decisions/0102). Not read from the
   * environment: tests make it small (docs/decisions/0112).
   */
  streamBufferBytes: number;
  /** A replaying client that takes nothing for this long is ended (30 s; tests shorten it). */
  slowReaderMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  trustProxy: false,
  requestTimeoutMs: 30_000,
  // Above the 60 s idle timeout of common load balancers, so that they close first.
  keepAliveTimeoutMs: 72_000,
  streamsPerUser: 20,
  historyPerUser: 4,
  // A script reading 40 histories at once waits its turn instead of being refused (issue 35).
  historyQueuePerUser: 64,
  streamBufferBytes: 256 * 1024,
  slowReaderMs: 30_000,
};

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9]\d*$/.test(value))
    throw new Error(`${name} must be a whole number above 0, not "${value}"`);
  return Number(value);
}

export function limitsFromEnv(env: NodeJS.ProcessEnv): Limits {
  return {
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    requestTimeoutMs: positive(
      'REQUEST_TIMEOUT_MS',
      env.REQUEST_TIMEOUT_MS,
      DEFAULT_LIMITS.requestTimeoutMs,
    ),
    keepAliveTimeoutMs: positive(
      'KEEP_ALIVE_TIMEOUT_MS',
      env.KEEP_ALIVE_TIMEOUT_MS,
      DEFAULT_LIMITS.keepAliveTimeoutMs,
    ),
    streamsPerUser: positive(
      'STREAMS_PER_USER',
      env.STREAMS_PER_USER,
      DEFAULT_LIMITS.streamsPerUser,
    ),
    historyPerUser: positive(
      'HISTORY_PER_USER',
      env.HISTORY_PER_USER,
      DEFAULT_LIMITS.historyPerUser,
    ),
    historyQueuePerUser: positive(
      'HISTORY_QUEUE_PER_USER',
      env.HISTORY_QUEUE_PER_USER,
      DEFAULT_LIMITS.historyQueuePerUser,
    ),
    streamBufferBytes: DEFAULT_LIMITS.streamBufferBytes,
    slowReaderMs: DEFAULT_LIMITS.slowReaderMs,
  };
}

/**
 * The HTTP server's side of the limits. Node checks the request timeout on a timer (30 s by
 * default); checking more often closes a slow body soon after its time is up.
 */
export function serverTimeouts(limits: Limits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, limits.requestTimeoutMs / 4)),
    },
  };
}
