/** A group a permission set reaches. */
export interface ReachedGroup {
  id: number;
  uuid: string;
  name: string;
  tenant: string;
}

export interface PermissionSetReach {
  name: string;
  description: string;
  groups: ReachedGroup[];
}

/**
 * The groups a permission set (a role) reaches: whoever holds the set reaches each group, its
 * members and their sensors, as if given the group (docs/decisions/0015-roles-that-reach-groups.md, "Roles that reach
 * groups"). What the holder may do there is still the set's grants. Reach reads this through
 * the channels store; here it is kept.
 */
export interface PermissionSetGroupStore {
  /** Replaces the groups `setName` reaches; false when there is no such set (nothing changes). */
  setGroups(setName: string, groupIds: readonly number[]): Promise<boolean>;
  /** The active groups with this uuid, or else this exact name (names may repeat). */
  findGroups(uuidOrName: string): Promise<ReachedGroup[]>;
  /** Every permission set with the groups it reaches, sets by name, groups by name. */
  list(): Promise<PermissionSetReach[]>;
}
