import { useSyncExternalStore } from 'react';

/** Whether the last request reached the cloud; drives the "cloud unreachable" banner. */
let reachable = true;
const listeners = new Set<() => void>();

export function reportReachable(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCloudReachable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reachable,
    () => reachable,
  );
}
