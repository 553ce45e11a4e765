import { backoffDelay, type Backoff } from '../../contract/backoff.ts';

/**
 * What a database fault means for a request, whichever engine raised it: the database cannot be
 * reached (answer 503 and let the client come back), or it was too busy to order two writers
 * (a deadlock or serialization failure that outlived its retries: 503 too). Anything else is a
 * bug and answers 500. docs/decisions/0025-database-faults.md.
 */

/** SQLSTATEs of a connection that failed or was cut: class 08, shutdowns, no slot free. */
const unreachableStates = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
/** Errors of the socket under a connection (node), and of node-postgres when it broke. */
const unreachableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const unreachableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection ended',
];
/** A deadlock or a serialization failure: running the transaction again may well succeed. */
const retryableStates = new Set(['40001', '40P01']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The database cannot be reached: the connection failed, was refused or was cut. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (code.startsWith('08') || unreachableStates.has(code) || unreachableErrnos.has(code)) {
      return true;
    }
  }
  if (unreachableMessages.some((text) => error.message.includes(text))) return true;
  // AggregateError: every address of the host refused.
  if (error instanceof AggregateError) return error.errors.some(isUnreachable);
  return false;
}

/** Two transactions could not both go on (deadlock, serialization failure): run it again. */
export function isRetryable(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && retryableStates.has(code);
}

/** The reason and advice a 503 gives, or undefined when the error is not a database fault. */
export function unavailableBecause(error: unknown): string | undefined {
  if (isUnreachable(error)) {
    return 'The database cannot be reached; try again in a few seconds.';
  }
  if (isRetryable(error)) {
    return 'The database was too busy to take this write; try again in a few seconds.';
  }
  return undefined;
}

export interface RetryOptions {
  /** Runs of the work in all, the first included. */
  attempts: number;
  /** Waits before run n + 1 (n from 1): grows with n, with jitter, so rivals fall apart. */
  pause?: (attempt: number) => Promise<void>;
  onRetry?: (error: unknown, attempt: number) => void;
}

/** 15–30 ms, then 30–60 and 60–120: the one backoff with jitter (contract/backoff.ts). */
const CONFLICTS: Backoff = { firstMs: 30, maxMs: 120 };
const jitteredPause = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, backoffDelay(CONFLICTS, attempt)));

/**
 * Runs `work` again, a bounded number of times, when the database gave it up as a deadlock or a
 * serialization failure (PostgreSQL rolled it back: nothing of it remains). Any other error, and
 * the last retryable one, goes to the caller.
 */
export async function retryingConflicts<T>(
  work: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const pause = options.pause ?? jitteredPause;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= options.attempts || !isRetryable(error)) throw error;
      options.onRetry?.(error, attempt);
      await pause(attempt);
    }
  }
}
