import type { Grant } from '../store/users.ts';

/** A permission set as far as what holding it gives: its grants and the groups it reaches. */
export interface SetShape {
  name: string;
  grants: readonly Grant[];
  groupIds: readonly number[];
}

/** What a person holds today: their grants, and the groups their permission sets reach. */
export interface Holding {
  grants: readonly Grant[];
  groupIds: ReadonlySet<number>;
}

const same = (a: Grant, b: Grant) =>
  a.tenant === b.tenant && a.objectType === b.objectType && a.operation === b.operation;

/** What holding `set` would add to `holding`: grants and groups the person lacks. */
export function addedBy(set: SetShape, holding: Holding): { grants: Grant[]; groupIds: number[] } {
  return {
    grants: set.grants.filter((grant) => !holding.grants.some((held) => same(held, grant))),
    groupIds: set.groupIds.filter((id) => !holding.groupIds.has(id)),
  };
}

/**
 * The sets that would give the person `wanted` and nothing else they lack: no other grant, no
 * other group (docs/decisions/0179). A set that grants everything ("demo-admin") widens a person
 * far beyond the question asked, so it is never suggested for one permission.
 */
export function setsAddingOnly(
  sets: readonly SetShape[],
  holding: Holding,
  wanted: Grant,
): string[] {
  return sets
    .filter((set) => set.grants.some((grant) => same(grant, wanted)))
    .filter((set) => {
      const added = addedBy(set, holding);
      return added.groupIds.length === 0 && added.grants.every((grant) => same(grant, wanted));
    })
    .map((set) => set.name);
}

/** The sets that would put the group in the person's reach and add nothing else they lack. */
export function setsReachingOnly(
  sets: readonly SetShape[],
  holding: Holding,
  groupId: number,
): string[] {
  return sets
    .filter((set) => set.groupIds.includes(groupId))
    .filter((set) => {
      const added = addedBy(set, holding);
      return added.grants.length === 0 && added.groupIds.every((id) => id === groupId);
    })
    .map((set) => set.name);
}
