import type { Channel } from '../channels.ts';
import { channelColumns, toChannels, TYPE } from './channel-rows.ts';
import { byName, isSet, oneOf } from './engine.ts';
import { Repository } from './queries.ts';

export class SqlGroupStore extends Repository {
  async addMember(groupId: number, memberId: number, now: number): Promise<void> {
    await this.s.exec(
      this.s.qb
        .insertInto('group_members')
        .values({ group_id: groupId, member_id: memberId, added_at: now })
        .onConflict((conflict) => conflict.doNothing()),
      'group-add',
    );
  }

  /** True when the member was in the group. */
  async removeMember(groupId: number, memberId: number): Promise<boolean> {
    const removed = await this.s.exec(
      this.s.qb
        .deleteFrom('group_members')
        .where('group_id', '=', groupId)
        .where('member_id', '=', memberId),
    );
    return removed > 0;
  }

  removeAll(groupId: number): Promise<number> {
    return this.s.exec(this.s.qb.deleteFrom('group_members').where('group_id', '=', groupId));
  }

  /** Ordered by name (case-insensitively), then id. */
  async listMembers(groupId: number): Promise<Channel[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('channels')
        .select(channelColumns)
        .where('id', 'in', (eb) =>
          eb.selectFrom('group_members').select('member_id').where('group_id', '=', groupId),
        )
        .orderBy(byName(this.s.engine, 'name'))
        .orderBy('id'),
      'group-members',
    );
    return toChannels<Channel>(rows);
  }

  /**
   * Whether `tenant` has a group of this name, ignoring the case of A–Z (as SQLite's NOCASE, on
   * either engine): two groups people cannot tell apart by name make every list and picker
   * ambiguous (docs/decisions/0008-channels-and-data.md, "Group names").
   */
  async nameTaken(tenant: string, name: string): Promise<boolean> {
    const { engine, qb } = this.s;
    const row = await this.s.first(
      qb
        .selectFrom('channels')
        .select('id')
        .where('type', '=', TYPE.GROUP)
        .where('tenant', '=', tenant)
        .where((eb) => eb(byName(engine, 'name'), '=', eb.val(asciiLower(name))))
        .limit(1),
      'group-name-taken',
    );
    return row !== undefined;
  }

  /**
   * For each of these channels, the active groups it is a member of: where a reading of a sensor
   * is also published (the groups of the sensor and of its node).
   */
  async activeGroupsOf(memberIds: readonly number[]): Promise<Map<number, number[]>> {
    const unique = [...new Set(memberIds)];
    const groups = new Map<number, number[]>(unique.map((id) => [id, []]));
    if (unique.length === 0) return groups;
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('group_members as gm')
        .innerJoin('channels as g', 'g.id', 'gm.group_id')
        .select(['gm.member_id as member', 'gm.group_id as group'])
        .where(oneOf(this.s.engine, 'gm.member_id', unique))
        .where(isSet(this.s.engine, 'g.active')),
      'groups-of-members',
    );
    for (const row of rows) groups.get(row.member)?.push(row.group);
    return groups;
  }
}

/** Lower case of A–Z only, as SQLite's NOCASE and PostgreSQL's lower() under "C" fold. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}
