import { useSyncExternalStore } from 'react';
import { ApiError } from './errors.ts';

/**
 * Whether the cloud answers: the one place the header badge and the banner both read, so they
 * never disagree. Every answer reports here (a request that got through, or one the network or a
 * gateway lost); the last one wins.
 */
let reachable = true;
const listeners = new Set<(reachable: boolean) => void>();

export function reportReachable(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener(next);
}

/**
 * A request or a live stream failed: an outage says the cloud is away; any other failure is an
 * answer from it (a refusal), so it is reachable. The query cache (query-client.ts) and the live
 * streams (live-events.ts) both report here, so the header hears a broken stream at once instead
 * of at the next ping.
 */
export function reportFailure(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  reportReachable(!error.isOutage);
  if (error.isCloudWaiting) reportWaiting(error.message);
}

/**
 * The cloud answered. `anonymous`: a request without credentials (the ping) says nothing of what
 * the cloud waits for, since it answers while bearer tokens cannot be verified.
 */
export function reportAnswered(anonymous = false): void {
  reportReachable(true);
  if (!anonymous) reportWaiting(null);
}

export function isCloudReachable(): boolean {
  return reachable;
}

/** Called with the new state whenever it changes; returns the way to stop listening. */
export function onReachableChange(listener: (reachable: boolean) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCloudReachable(): boolean {
  return useSyncExternalStore(
    onReachableChange,
    () => reachable,
    () => reachable,
  );
}

/**
 * What the cloud says it waits for (its 503 with a reason), or null: it answered a signed-in
 * request since. Cleared by answers to signed-in requests only, since the ping needs no
 * credentials and answers while bearer tokens cannot be verified.
 */
let waitingFor: string | null = null;
const waitingListeners = new Set<() => void>();

export function reportWaiting(reason: string | null): void {
  if (reason === waitingFor) return;
  waitingFor = reason;
  for (const listener of waitingListeners) listener();
}

export function useCloudWaiting(): string | null {
  return useSyncExternalStore(
    (listener) => {
      waitingListeners.add(listener);
      return () => waitingListeners.delete(listener);
    },
    () => waitingFor,
    () => waitingFor,
  );
}
