import type {
  PermissionSetGroupStore,
  PermissionSetReach,
  ReachedGroup,
} from '../permission-set-groups.ts';
import type { PgScope } from './database.ts';

export class PgPermissionSetGroupStore implements PermissionSetGroupStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  setGroups(setName: string, groupIds: readonly number[]): Promise<boolean> {
    return this.s.atomically(async (tx) => {
      const set = await tx.one<{ id: number }>(
        'SELECT id FROM permission_sets WHERE name = $1 FOR UPDATE',
        [setName],
      );
      if (!set) return false;
      await tx.run('DELETE FROM permission_set_groups WHERE set_id = $1', [set.id]);
      await tx.run(
        `INSERT INTO permission_set_groups (set_id, group_id)
         SELECT $1, unnest($2::integer[]) ON CONFLICT DO NOTHING`,
        [set.id, [...groupIds]],
      );
      return true;
    });
  }

  findGroups(uuidOrName: string): Promise<ReachedGroup[]> {
    return this.s.rows<ReachedGroup>(
      `SELECT id, uuid, name, tenant FROM channels
       WHERE type = 'GROUP' AND active AND (uuid::text = lower($1::text) OR name = $1::text)
       ORDER BY uuid::text = lower($1::text) DESC, id`,
      [uuidOrName],
    );
  }

  async list(): Promise<PermissionSetReach[]> {
    const sets = await this.s.rows<{ id: number; name: string; description: string }>(
      'SELECT id, name, description FROM permission_sets ORDER BY name COLLATE "C"',
    );
    const groups = await this.s.rows<ReachedGroup & { setId: number }>(
      `SELECT psg.set_id AS "setId", c.id, c.uuid, c.name, c.tenant
       FROM permission_set_groups psg JOIN channels c ON c.id = psg.group_id
       ORDER BY lower(c.name COLLATE "C"), c.id`,
    );
    return sets.map((set) => ({
      name: set.name,
      description: set.description,
      groups: groups
        .filter((group) => group.setId === set.id)
        .map(({ id, uuid, name, tenant }) => ({ id, uuid, name, tenant })),
    }));
  }
}
