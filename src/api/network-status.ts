import { useSyncExternalStore } from 'react';

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
