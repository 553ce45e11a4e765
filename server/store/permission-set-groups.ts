import { transaction, type Db } from './db.ts';

export interface PermissionSetReach {
  name: string;
  description: string;
  /** The groups the set reaches, by uuid and name. */
  groups: { uuid: string; name: string; tenant: string }[];
}

/**
 * The groups a permission set reaches (migration 5): whoever holds the set reaches each group,
 * its members and their sensors. What a set may do there is still its grants.
 */
export class PermissionSetGroupStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Replaces the groups `setName` reaches; false when there is no such set. */
  setGroups(setName: string, groupIds: readonly number[]): boolean {
    return transaction(this.db, () => {
      const set = this.db.prepare('SELECT id FROM permission_sets WHERE name = ?').get(setName) as
        { id: number } | undefined;
      if (!set) return false;
      this.db.prepare('DELETE FROM permission_set_groups WHERE set_id = ?').run(set.id);
      const insert = this.db.prepare(
        'INSERT OR IGNORE INTO permission_set_groups (set_id, group_id) VALUES (?, ?)',
      );
      for (const groupId of groupIds) insert.run(set.id, groupId);
      return true;
    });
  }

  /** The active groups with this uuid, or else this exact name (names may repeat). */
  findGroups(uuidOrName: string): { id: number; uuid: string; name: string; tenant: string }[] {
    return this.db
      .prepare(
        `SELECT id, uuid, name, tenant FROM channels
         WHERE type = 'GROUP' AND active = 1 AND (uuid = lower($ref) OR name = $ref)
         ORDER BY uuid = lower($ref) DESC, id`,
      )
      .all({ $ref: uuidOrName }) as { id: number; uuid: string; name: string; tenant: string }[];
  }

  /** Every permission set with the groups it reaches, by name. */
  list(): PermissionSetReach[] {
    const sets = this.db
      .prepare('SELECT id, name, description FROM permission_sets ORDER BY name')
      .all() as { id: number; name: string; description: string }[];
    const groupsOf = this.db.prepare(
      `SELECT c.uuid AS uuid, c.name AS name, c.tenant AS tenant
       FROM permission_set_groups psg JOIN channels c ON c.id = psg.group_id
       WHERE psg.set_id = ? ORDER BY c.name COLLATE NOCASE, c.id`,
    );
    return sets.map((set) => ({
      name: set.name,
      description: set.description,
      groups: groupsOf.all(set.id) as PermissionSetReach['groups'],
    }));
  }
}
