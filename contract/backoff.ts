/**
 * The one backoff of the console and the cloud (src/api/live-events.ts follows a live stream,
 * server/auth/external-idp.ts reads an outside provider's discovery document,
 * server/store/database-faults.ts runs a deadlocked transaction again, src/api/places.ts asks the
 * geocoder again after a 429): waits
 * that double from `firstMs` up to `maxMs`, each drawn at random from the upper half of its step
 * ("equal jitter"). Without the jitter every client that lost the same server at the same moment
 * (a restart ends every stream with `shutdown`) would come back at the same instants.
 */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

/** The wait before attempt `failures + 1` (`failures` ≥ 1): in [step / 2, step]. */
export function backoffDelay(
  backoff: Backoff,
  failures: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(backoff.firstMs * 2 ** Math.max(0, failures - 1), backoff.maxMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** A wait in [0, ms): spreads clients told to come back "at once" over a short window. */
export function spread(ms: number, random: () => number = Math.random): number {
  return Math.floor(random() * ms);
}
