import type {
  PermissionSetGroupStore,
  PermissionSetReach,
  ReachedGroup,
} from '../permission-set-groups.ts';
import type { SqliteScope } from './database.ts';

export class SqlitePermissionSetGroupStore implements PermissionSetGroupStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  setGroups(setName: string, groupIds: readonly number[]): Promise<boolean> {
    return this.s.atomically(() => {
      const set = this.s.prepare('SELECT id FROM permission_sets WHERE name = ?').get(setName) as
        { id: number } | undefined;
      if (!set) return false;
      this.s.prepare('DELETE FROM permission_set_groups WHERE set_id = ?').run(set.id);
      const insert = this.s.prepare(
        'INSERT OR IGNORE INTO permission_set_groups (set_id, group_id) VALUES (?, ?)',
      );
      for (const groupId of groupIds) insert.run(set.id, groupId);
      return true;
    });
  }

  findGroups(uuidOrName: string): Promise<ReachedGroup[]> {
    return this.s.run(
      () =>
        this.s
          .prepare(
            `SELECT id, uuid, name, tenant FROM channels
             WHERE type = 'GROUP' AND active = 1 AND (uuid = lower($ref) OR name = $ref)
             ORDER BY uuid = lower($ref) DESC, id`,
          )
          .all({ $ref: uuidOrName }) as unknown as ReachedGroup[],
    );
  }

  list(): Promise<PermissionSetReach[]> {
    return this.s.run(() => {
      const sets = this.s
        .prepare('SELECT id, name, description FROM permission_sets ORDER BY name')
        .all() as { id: number; name: string; description: string }[];
      const groupsOf = this.s.prepare(
        `SELECT c.id AS id, c.uuid AS uuid, c.name AS name, c.tenant AS tenant
         FROM permission_set_groups psg JOIN channels c ON c.id = psg.group_id
         WHERE psg.set_id = ? ORDER BY c.name COLLATE NOCASE, c.id`,
      );
      return sets.map((set) => ({
        name: set.name,
        description: set.description,
        groups: groupsOf.all(set.id) as unknown as ReachedGroup[],
      }));
    });
  }
}
