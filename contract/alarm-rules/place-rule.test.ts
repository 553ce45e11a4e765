import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { NamedPlace } from '../named-places.ts';
import { evaluatePlaces, type PlaceReading, type Stay } from './place-rule.ts';

const MIN = 60_000;
/** About 111 m per 0.001° of latitude. */
const depot: NamedPlace = { name: 'Depot', lat: 52, lon: 5, radius: 200 };
const customer: NamedPlace = { name: 'Customer', lat: 52.005, lon: 5, radius: 200 };
const places = [depot, customer];
let nextId = 1;
const at = (minute: number, lat: number): PlaceReading => ({
  ts: minute * MIN,
  lat,
  lon: 5,
  readingId: nextId++,
});
const IN_DEPOT = 52;
/** 150 m north of the depot's centre: inside its 200 m circle, near its edge. */
const DEPOT_EDGE = 52.00135;
const OUTSIDE = 52.01;
const IN_CUSTOMER = 52.005;

/** Runs positions a batch at a time, writing back what each batch left open. */
function run(positions: PlaceReading[], holdOffMs = 0, batch = 1, watched = places): Stay[] {
  const all: Stay[] = [];
  let open: Stay | undefined;
  for (let i = 0; i < positions.length; i += batch) {
    const stays = evaluatePlaces(open, positions.slice(i, i + batch), watched, holdOffMs);
    open = undefined;
    for (const stay of stays) {
      const kept = { ...stay, id: stay.id ?? nextId++ };
      const known = all.findIndex((s) => s.id === kept.id);
      if (known >= 0) all[known] = kept;
      else all.push(kept);
      if (!stay.end) open = { ...kept, raisedNow: false, changed: false };
    }
  }
  return all;
}

describe('place alarms: entering and leaving', () => {
  it('raises on entering a place and clears on the first position outside it', () => {
    const stays = run([at(0, OUTSIDE), at(1, IN_DEPOT), at(2, DEPOT_EDGE), at(3, OUTSIDE)]);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({
      place: depot,
      enteredAt: 1 * MIN,
      status: 'active',
      end: { kind: 'cleared', at: 3 * MIN },
    });
  });

  it('positions outside every place raise nothing; no places watched raise nothing', () => {
    expect(run([at(0, OUTSIDE), at(1, 53)])).toEqual([]);
    expect(run([at(0, IN_DEPOT), at(1, IN_DEPOT)], 0, 1, [])).toEqual([]);
  });

  it('GPS scatter at the edge within the hold-off is one stay, not one per crossing', () => {
    const positions = [
      at(0, IN_DEPOT),
      at(1, OUTSIDE),
      at(2, DEPOT_EDGE),
      at(3, OUTSIDE),
      at(4, DEPOT_EDGE),
      at(5, OUTSIDE),
      at(20, OUTSIDE),
    ];
    const stays = run(positions, 10 * MIN);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ enteredAt: 0, end: { kind: 'cleared', at: 20 * MIN } });
    // Without a hold-off, each crossing is a stay of its own.
    expect(run(positions, 0)).toHaveLength(3);
  });

  it('driving straight from one place into another ends the first and begins the second', () => {
    const stays = run([at(0, IN_DEPOT), at(1, IN_CUSTOMER)], 10 * MIN);
    expect(stays.map((s) => [s.place.name, s.end?.kind])).toEqual([
      ['Depot', 'cleared'],
      ['Customer', undefined],
    ]);
  });

  it('a gap in the data neither clears nor raises; a late position changes nothing', () => {
    const gap = run([at(0, IN_DEPOT), at(600, IN_DEPOT)], 10 * MIN);
    expect(gap).toHaveLength(1);
    expect(gap[0]?.end).toBeUndefined();
    const open = gap[0];
    if (!open) throw new Error('no stay');
    const late = evaluatePlaces(open, [at(300, OUTSIDE)], places, 0);
    expect(late).toEqual([open]);
    // With no stay open, a position older than the newest stored one raises nothing.
    expect(evaluatePlaces(undefined, [at(5, IN_DEPOT)], places, 0, 10 * MIN)).toEqual([]);
  });

  it('a stay a person cleared while the node was there lets go when it leaves, without a second alarm', () => {
    const [stay] = run([at(0, IN_DEPOT)]);
    if (!stay) throw new Error('no stay');
    const cleared: Stay = { ...stay, status: 'cleared', raisedNow: false, changed: false };
    const after = evaluatePlaces(cleared, [at(1, IN_DEPOT), at(2, OUTSIDE)], places, 0);
    expect(after).toHaveLength(1);
    expect(after[0]?.end).toEqual({ kind: 'released' });
  });

  it('property: batching and order within a batch do not change the stays', () => {
    const position = fc.record({
      minute: fc.integer({ min: 0, max: 120 }),
      where: fc.constantFrom(IN_DEPOT, DEPOT_EDGE, OUTSIDE, IN_CUSTOMER),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(position, { selector: (p) => p.minute, maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(0, 5 * MIN),
        (raw, batch, holdOff) => {
          const inOrder = [...raw].sort((a, b) => a.minute - b.minute);
          const positions = inOrder.map((p) => at(p.minute, p.where));
          const summary = (stays: Stay[]) =>
            stays.map((s) => [s.place.name, s.enteredAt, s.end?.kind, s.lastTs]);
          const one = summary(run(positions, holdOff, 1));
          // A batch in any order within itself: the rule sorts it by time.
          const shuffled = positions.map((p, i) => ({ p, k: (i * 7919) % positions.length }));
          const batched: PlaceReading[] = [];
          for (let i = 0; i < positions.length; i += batch) {
            const chunk = shuffled.slice(i, i + batch).sort((a, b) => a.k - b.k);
            batched.push(...chunk.map((c) => c.p));
          }
          expect(summary(run(batched, holdOff, batch))).toEqual(one);
          // Never two stays open at once; every stay but the last has ended.
          const stays = run(positions, holdOff, 1);
          expect(stays.slice(0, -1).every((s) => s.end !== undefined)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
