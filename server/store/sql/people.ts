import { sql } from 'kysely';
import type { Operation } from '../../../contract/userinfo.ts';
import type { Channel } from '../channels.ts';
import type { User } from '../users.ts';
import type { GroupPath, PermissionSetInfo, Person, ReachFacts } from '../people.ts';
import { byName, oneOf } from './engine.ts';
import { Repository } from './queries.ts';
import { flag } from './values.ts';

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

const newest = (times: (number | null)[]): number | null =>
  times.reduce<number | null>((a, b) => (a === null ? b : b === null ? a : Math.max(a, b)), null);

export class SqlPeopleStore extends Repository {
  private get people() {
    return this.s.qb
      .selectFrom('users as u')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('external_identities')
            .select(['user_id', (e) => e.fn.max('signed_in_at').as('signed_in_at')])
            .groupBy('user_id')
            .as('x'),
        (join) => join.onRef('x.user_id', '=', 'u.id'),
      )
      .select([
        'u.id',
        'u.sub',
        'u.username',
        'u.name',
        'u.email',
        'u.tenant',
        'u.password_hash as passwordHash',
        'x.signed_in_at as signedInAt',
        'u.signed_in_at as passwordSignedInAt',
      ]);
  }

  /** People of these tenants whose username, name or email holds `filter` (any case). */
  async list(
    tenants: readonly string[],
    filter: string | undefined,
    limit: number,
  ): Promise<Person[]> {
    // No name holds a NUL, and PostgreSQL refuses one in a text parameter.
    if (tenants.length === 0 || filter?.includes('\u0000')) return [];
    const { engine } = this.s;
    let query = this.people.where(oneOf(engine, 'u.tenant', tenants));
    if (filter !== undefined && filter !== '') {
      const pattern = containing(filter);
      query = query.where((eb) =>
        eb.or(
          ['u.username', 'u.name', 'u.email'].map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`,
          ),
        ),
      );
    }
    const rows = await this.s.all(
      query.orderBy(byName(engine, 'u.username')).orderBy('u.id').limit(limit),
    );
    return this.withSets(rows);
  }

  async findBySub(sub: string): Promise<Person | undefined> {
    const row = await this.s.first(this.people.where('u.sub', '=', sub));
    return row && (await this.withSets([row]))[0];
  }

  private async withSets(
    rows: (User & { signedInAt: number | null; passwordSignedInAt: number | null })[],
  ): Promise<Person[]> {
    if (rows.length === 0) return [];
    const sets = await this.s.all(
      this.s.qb
        .selectFrom('user_permission_sets as ups')
        .innerJoin('permission_sets as ps', 'ps.id', 'ups.set_id')
        .select(['ups.user_id as userId', 'ps.name'])
        .where(
          oneOf(
            this.s.engine,
            'ups.user_id',
            rows.map((row) => row.id),
          ),
        )
        .orderBy('ps.name'),
    );
    return rows.map(({ passwordHash, signedInAt, passwordSignedInAt, ...row }) => ({
      ...row,
      builtIn: passwordHash !== null,
      permissionSets: sets.filter((set) => set.userId === row.id).map((set) => set.name),
      lastSignIn: newest([
        // The provider's sign-in time is in seconds (auth_time, iat); ours in milliseconds.
        signedInAt === null ? null : Number(signedInAt) * 1000,
        passwordSignedInAt === null ? null : Number(passwordSignedInAt),
      ]),
    }));
  }

  /**
   * Channels of these tenants whose name or serial holds `filter` (any case), by name: support
   * finds a channel out of their own reach to explain it (docs/decisions/0179). Here, not in the
   * channel store, whose every method but its reads counts as a change for the reach cache.
   */
  async channelsNamed(
    tenants: readonly string[],
    filter: string | undefined,
    limit: number,
  ): Promise<Pick<Channel, 'uuid' | 'name' | 'type' | 'tenant' | 'active' | 'reference'>[]> {
    // No name holds a NUL, and PostgreSQL refuses one in a text parameter.
    if (tenants.length === 0 || filter?.includes('\u0000')) return [];
    const { engine } = this.s;
    let query = this.s.qb
      .selectFrom('channels')
      .select(['uuid', 'name', 'type', 'tenant', 'active', 'reference'])
      .where(oneOf(engine, 'tenant', tenants));
    if (filter !== undefined && filter !== '') {
      const pattern = containing(filter);
      query = query.where((eb) =>
        eb.or(
          ['name', 'reference'].map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`,
          ),
        ),
      );
    }
    const rows = await this.s.all(query.orderBy(byName(engine, 'name')).orderBy('id').limit(limit));
    return rows.map((row) => ({ ...row, active: flag(row.active) }));
  }

  /** Every permission set with its grants and groups, by name. */
  async permissionSets(): Promise<PermissionSetInfo[]> {
    const { qb } = this.s;
    const [sets, grants, groups] = await Promise.all([
      this.s.all(qb.selectFrom('permission_sets').select(['id', 'name', 'description'])),
      this.s.all(
        qb
          .selectFrom('permission_set_grants')
          .select(['set_id as setId', 'tenant', 'object_type as objectType', 'operation']),
      ),
      this.s.all(
        qb.selectFrom('permission_set_groups').select(['set_id as setId', 'group_id as groupId']),
      ),
    ]);
    return sets
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((set) => ({
        name: set.name,
        description: set.description,
        grants: grants
          .filter((grant) => grant.setId === set.id)
          .map(({ tenant, objectType, operation }) => ({
            tenant,
            objectType,
            operation: operation as Operation,
          })),
        groupIds: groups.filter((group) => group.setId === set.id).map((group) => group.groupId),
      }));
  }

  /**
   * The ids of every user who reaches `channel`, by the rule of `channels.isReachable`, in one
   * pass over ownership, grants and group memberships instead of one check per person.
   */
  async reaching(channel: Pick<Channel, 'id' | 'nodeId'>): Promise<Set<number>> {
    const { engine, qb } = this.s;
    // The branches of channels.isReachable, each asked for every user at once: owners of the
    // channel (or its node), users given it, owners of a group holding it, users given such a
    // group. channel_grants holds what permission sets give as well.
    const ids = channel.nodeId === null ? [channel.id] : [channel.id, channel.nodeId];
    const rows = await this.s.all(
      qb
        .selectFrom('channels')
        .select('owner_id as userId')
        .where(oneOf(engine, 'id', ids))
        .union(
          qb
            .selectFrom('channel_grants')
            .select('user_id as userId')
            .where(oneOf(engine, 'channel_id', ids)),
        )
        .union(
          qb
            .selectFrom('group_members as gm')
            .innerJoin('channels as g', 'g.id', 'gm.group_id')
            .select('g.owner_id as userId')
            .where(oneOf(engine, 'gm.member_id', ids)),
        )
        .union(
          qb
            .selectFrom('group_members as gm')
            .innerJoin('channel_grants as a', 'a.channel_id', 'gm.group_id')
            .select('a.user_id as userId')
            .where(oneOf(engine, 'gm.member_id', ids)),
        ),
      'people-reaching',
    );
    return new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
  }

  async reachFacts(userId: number, channel: Pick<Channel, 'id' | 'nodeId'>): Promise<ReachFacts> {
    const { engine, qb } = this.s;
    const ids = channel.nodeId === null ? [channel.id] : [channel.id, channel.nodeId];
    const [owned, given, bySets, memberships] = await Promise.all([
      this.s.all(
        qb
          .selectFrom('channels')
          .select('id')
          .where(oneOf(engine, 'id', ids))
          .where('owner_id', '=', userId),
      ),
      this.s.all(
        qb
          .selectFrom('channel_access')
          .select('channel_id as id')
          .where('user_id', '=', userId)
          .where(oneOf(engine, 'channel_id', ids)),
      ),
      this.s.all(
        qb
          .selectFrom('user_permission_sets as ups')
          .innerJoin('permission_set_groups as psg', 'psg.set_id', 'ups.set_id')
          .innerJoin('permission_sets as ps', 'ps.id', 'ups.set_id')
          .select(['psg.group_id as id', 'ps.name'])
          .where('ups.user_id', '=', userId)
          .where(oneOf(engine, 'psg.group_id', ids)),
      ),
      this.s.all(
        qb
          .selectFrom('group_members as gm')
          .innerJoin('channels as g', 'g.id', 'gm.group_id')
          .select([
            'gm.member_id as memberId',
            'g.id',
            'g.uuid',
            'g.name',
            'g.active',
            'g.owner_id as ownerId',
          ])
          .where(oneOf(engine, 'gm.member_id', ids))
          .orderBy(byName(engine, 'g.name')),
      ),
    ]);
    const groupIds = [...new Set(memberships.map((row) => row.id))];
    const [groupsGiven, groupSets] =
      groupIds.length === 0
        ? [[], []]
        : await Promise.all([
            this.s.all(
              qb
                .selectFrom('channel_access')
                .select('channel_id as id')
                .where('user_id', '=', userId)
                .where(oneOf(engine, 'channel_id', groupIds)),
            ),
            this.s.all(
              qb
                .selectFrom('permission_set_groups as psg')
                .innerJoin('permission_sets as ps', 'ps.id', 'psg.set_id')
                .select(['psg.group_id as id', 'ps.name'])
                .where(oneOf(engine, 'psg.group_id', groupIds))
                .orderBy('ps.name'),
            ),
          ]);
    const groups = new Map<number, GroupPath[]>();
    for (const { memberId, active, ...group } of memberships) {
      groups.set(memberId, [...(groups.get(memberId) ?? []), { ...group, active: flag(active) }]);
    }
    const named = (rows: { id: number; name: string }[]) => {
      const map = new Map<number, string[]>();
      for (const row of rows) map.set(row.id, [...(map.get(row.id) ?? []), row.name]);
      return map;
    };
    return {
      owned: owned.map((row) => row.id),
      given: given.map((row) => row.id),
      givenBySets: named(bySets),
      groups,
      groupsGiven: new Set(groupsGiven.map((row) => row.id)),
      groupSets: named(groupSets),
    };
  }
}
