import type { PermissionSetReach, ReachedGroup } from '../permission-set-groups.ts';
import { byName, uuidText } from './engine.ts';
import { Repository } from './queries.ts';

/**
 * The groups a permission set (a role) reaches: whoever holds the set reaches each group, its
 * members and their sensors, as if given the group (docs/decisions/0015-roles-that-reach-groups.md, "Roles that reach
 * groups"). What the holder may do there is still the set's grants. Reach reads this through
 * the channels store; here it is kept.
 */
export class SqlPermissionSetGroupStore extends Repository {
  /** Replaces the groups `setName` reaches; false when there is no such set (nothing changes). */
  setGroups(setName: string, groupIds: readonly number[]): Promise<boolean> {
    return this.s.atomic(async (tx) => {
      let find = tx.qb.selectFrom('permission_sets').select('id').where('name', '=', setName);
      // Two changes of one set at once take turns (SQLite's one writer takes turns anyway).
      if (tx.engine === 'postgres') find = find.forUpdate();
      const set = await tx.first(find);
      if (!set) return false;
      await tx.exec(tx.qb.deleteFrom('permission_set_groups').where('set_id', '=', set.id));
      if (groupIds.length > 0) {
        await tx.exec(
          tx.qb
            .insertInto('permission_set_groups')
            .values(groupIds.map((groupId) => ({ set_id: set.id, group_id: groupId })))
            .onConflict((conflict) => conflict.doNothing()),
        );
      }
      return true;
    });
  }

  /** The active groups with this uuid, or else this exact name (names may repeat). */
  findGroups(uuidOrName: string): Promise<ReachedGroup[]> {
    const { engine, qb } = this.s;
    const byUuid = uuidText(engine, 'uuid');
    return this.s.all(
      qb
        .selectFrom('channels')
        .select(['id', 'uuid', 'name', 'tenant'])
        .where('type', '=', 'GROUP')
        .where('active', '=', true)
        .where((eb) =>
          eb.or([eb(byUuid, '=', uuidOrName.toLowerCase()), eb('name', '=', uuidOrName)]),
        )
        .orderBy((eb) => eb(byUuid, '=', uuidOrName.toLowerCase()), 'desc')
        .orderBy('id'),
    );
  }

  /** Every permission set with the groups it reaches, sets by name, groups by name. */
  async list(): Promise<PermissionSetReach[]> {
    const { engine, qb } = this.s;
    const sets = await this.s.all(
      qb.selectFrom('permission_sets').select(['id', 'name', 'description']).orderBy('name'),
    );
    const groups = await this.s.all(
      qb
        .selectFrom('permission_set_groups as psg')
        .innerJoin('channels as c', 'c.id', 'psg.group_id')
        .select(['psg.set_id as setId', 'c.id', 'c.uuid', 'c.name', 'c.tenant'])
        .orderBy(byName(engine, 'c.name'))
        .orderBy('c.id'),
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
