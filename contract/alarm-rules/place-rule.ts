import { nearestPlace, readPlaces, type NamedPlace } from '../named-places.ts';

/**
 * Raising and clearing place alarms from one node's positions (issue 24,
 * docs/decisions/0135-place-alarms.md). Pure, like the temperature rule beside it: the caller
 * loads the node's open stay, hands it a batch's positions and writes back what comes out.
 *
 * - A position is in the place whose circle holds it (the nearest centre among several), as the
 *   reports name stops (contract/named-places.ts).
 * - Entering a place raises its alarm at once; it clears when positions have been outside it for
 *   `holdOffMs` (0: at the first one); a position back inside before that continues the same
 *   stay, so GPS scatter at a circle's edge raises one alarm, not one per crossing.
 * - Moving from one place straight into another ends the first stay and begins the next.
 * - Time is the positions' time; a position older than the newest one evaluated for the node
 *   changes nothing.
 */

export interface PlaceReading {
  ts: number;
  lat: number;
  lon: number;
  readingId: number;
}

/** One stay in a place, open or ended within the batch. */
export interface Stay {
  /** The stored row, for the stay that was open before the batch. */
  id?: number;
  /** 'cleared': a person cleared it while the node was still there (it stays open until it leaves). */
  status: 'active' | 'cleared';
  place: NamedPlace;
  enteredAt: number;
  enteredReadingId?: number;
  /** The newest position evaluated for it. */
  lastTs: number;
  /** The first position outside since the last one inside (the hold-off runs from it). */
  leftAt?: number;
  raisedNow?: boolean;
  end?: { kind: 'cleared'; at: number; readingId: number } | { kind: 'released' };
  changed?: boolean;
}

type Properties = Record<string, unknown> | undefined;

/**
 * The places a node is watched in: when the node or one of its groups asks `alarmOnPlaces`, the
 * places of the node and of all its groups, pooled as the reports pool them for naming. None
 * when nobody asks. The cloud and the console (without the extension) both ask this.
 */
export function watchedPlaces(node: Properties, groups: readonly Properties[]): NamedPlace[] {
  const all = [node, ...groups];
  if (!all.some((properties) => properties?.alarmOnPlaces === true)) return [];
  return all.flatMap((properties) => readPlaces(properties));
}

const samePlace = (a: NamedPlace, b: NamedPlace) =>
  a.name === b.name &&
  a.lat === b.lat &&
  a.lon === b.lon &&
  a.radius === b.radius &&
  JSON.stringify(a.polygon) === JSON.stringify(b.polygon);

/**
 * Folds `positions` (any order) into the node's stays: the one open before (if any) first, then
 * any that began and ended in the batch, the one left open last. `places` empty: the node has no
 * places to watch (now), so every position is outside. `newestBefore`: the newest position of
 * the node stored before the batch, when no stay was open (older ones are late).
 */
export function evaluatePlaces(
  open: Stay | undefined,
  positions: readonly PlaceReading[],
  places: readonly NamedPlace[],
  holdOffMs: number,
  newestBefore?: number,
): Stay[] {
  const stays: Stay[] = open ? [{ ...open }] : [];
  let current = stays[0];
  let last = open ? open.lastTs : (newestBefore ?? -Infinity);
  const sorted = [...positions].sort((a, b) => a.ts - b.ts || a.readingId - b.readingId);
  for (const position of sorted) {
    if (position.ts <= last) continue;
    last = position.ts;
    const place = nearestPlace(places, position.lat, position.lon);
    if (current && place && samePlace(place, current.place)) {
      current.lastTs = position.ts;
      current.leftAt = undefined;
      current.changed = true;
      continue;
    }
    if (current) {
      current.lastTs = position.ts;
      current.changed = true;
      current.leftAt ??= position.ts;
      // Straight into another place: the first stay ends here, whatever the hold-off.
      if (place || position.ts - current.leftAt >= holdOffMs) {
        current.end =
          current.status === 'active'
            ? { kind: 'cleared', at: position.ts, readingId: position.readingId }
            : { kind: 'released' };
        current = undefined;
      }
    }
    if (place && !current) {
      current = {
        status: 'active',
        place,
        enteredAt: position.ts,
        enteredReadingId: position.readingId,
        lastTs: position.ts,
        raisedNow: true,
        changed: true,
      };
      stays.push(current);
    }
  }
  return stays;
}
