import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectTypes, operations } from '../../contract/userinfo.ts';
import type { Grant } from '../store/users.ts';
import {
  addedBy,
  setsAddingOnly,
  setsReachingOnly,
  type Holding,
  type SetShape,
} from './smallest-change.ts';

// Issue 34, item 5: the explainer suggests the smallest change that gives exactly the missing
// permission, never a role that gives everything.

const grant: fc.Arbitrary<Grant> = fc.record({
  tenant: fc.constantFrom('demo', 'acme'),
  objectType: fc.constantFrom(...objectTypes),
  operation: fc.constantFrom(...operations),
});
const groupId = fc.integer({ min: 1, max: 6 });

/** A world of permission sets, some as wide as demo-admin, and a person holding some of them. */
const world = fc
  .record({
    sets: fc.uniqueArray(
      fc.record({
        name: fc.stringMatching(/^[a-z]{1,8}$/),
        grants: fc.array(grant, { maxLength: 12 }),
        groupIds: fc.uniqueArray(groupId, { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 8, selector: (set) => set.name },
    ),
    held: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    wanted: grant,
    group: groupId,
  })
  .map(({ sets, held, wanted, group }) => {
    const mine = sets.filter((_, index) => held[index]);
    const holding: Holding = {
      grants: mine.flatMap((set) => set.grants),
      groupIds: new Set(mine.flatMap((set) => set.groupIds)),
    };
    return { sets: sets as SetShape[], holding, wanted, group };
  });

const same = (a: Grant, b: Grant) =>
  a.tenant === b.tenant && a.objectType === b.objectType && a.operation === b.operation;

describe('the smallest change the explainer suggests', () => {
  it('never widens a person beyond the permission asked for, and misses no set that would not', () => {
    fc.assert(
      fc.property(world, ({ sets, holding, wanted }) => {
        const suggested = new Set(setsAddingOnly(sets, holding, wanted));
        for (const set of sets) {
          const added = addedBy(set, holding);
          const exact =
            set.grants.some((g) => same(g, wanted)) &&
            added.groupIds.length === 0 &&
            added.grants.every((g) => same(g, wanted));
          expect(suggested.has(set.name), set.name).toBe(exact);
          if (suggested.has(set.name)) {
            // Holding it, the person gains the permission asked for, and nothing else.
            const after = [...holding.grants, ...set.grants];
            expect(after.some((g) => same(g, wanted))).toBe(true);
            expect(added.grants.filter((g) => !same(g, wanted))).toEqual([]);
            expect(added.groupIds).toEqual([]);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('puts a group in reach only with a role that adds no grant and no other group', () => {
    fc.assert(
      fc.property(world, ({ sets, holding, group }) => {
        for (const name of setsReachingOnly(sets, holding, group)) {
          const set = sets.find((s) => s.name === name);
          if (!set) throw new Error(`suggested ${name}, which does not exist`);
          expect(set.groupIds).toContain(group);
          const added = addedBy(set, holding);
          expect(added.grants).toEqual([]);
          expect(added.groupIds.filter((id) => id !== group)).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('does not suggest a role that grants everything for one missing permission', () => {
    const everything: SetShape = {
      name: 'demo-admin',
      grants: objectTypes.flatMap((objectType) =>
        operations.map((operation) => ({ tenant: 'demo', objectType, operation })),
      ),
      groupIds: [],
    };
    const editor: SetShape = {
      name: 'demo-editor',
      grants: [{ tenant: 'demo', objectType: 'assets', operation: 'UPDATE' }],
      groupIds: [],
    };
    const fleet: Holding = {
      grants: [{ tenant: 'demo', objectType: 'assets', operation: 'READ' }],
      groupIds: new Set([1]),
    };
    const wanted: Grant = { tenant: 'demo', objectType: 'assets', operation: 'UPDATE' };
    expect(setsAddingOnly([everything], fleet, wanted)).toEqual([]);
    expect(setsAddingOnly([everything, editor], fleet, wanted)).toEqual(['demo-editor']);
  });
});
