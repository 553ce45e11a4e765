import type { Channel } from '../channels.ts';
import type { GroupStore } from '../groups.ts';
import type { PgScope } from './database.ts';
import { byName, channelColumns } from './rows.ts';

export class PgGroupStore implements GroupStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async addMember(groupId: number, memberId: number, now: number): Promise<void> {
    await this.s.run(
      `INSERT INTO group_members (group_id, member_id, added_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [groupId, memberId, now],
      'group-add',
    );
  }

  async removeMember(groupId: number, memberId: number): Promise<boolean> {
    const removed = await this.s.run(
      'DELETE FROM group_members WHERE group_id = $1 AND member_id = $2',
      [groupId, memberId],
    );
    return removed > 0;
  }

  removeAll(groupId: number): Promise<number> {
    return this.s.run('DELETE FROM group_members WHERE group_id = $1', [groupId]);
  }

  listMembers(groupId: number): Promise<Channel[]> {
    return this.s.rows<Channel>(
      `SELECT ${channelColumns} FROM channels
       WHERE id IN (SELECT member_id FROM group_members WHERE group_id = $1)
       ORDER BY ${byName}`,
      [groupId],
      'group-members',
    );
  }

  async nameTaken(tenant: string, name: string): Promise<boolean> {
    // As SQLite's NOCASE: the case of A–Z only.
    const row = await this.s.one(
      `SELECT 1 FROM channels
       WHERE type = 'GROUP' AND tenant = $1 AND lower(name COLLATE "C") = lower($2 COLLATE "C")
       LIMIT 1`,
      [tenant, name],
      'group-name-taken',
    );
    return row !== undefined;
  }

  async activeGroupsOf(memberIds: readonly number[]): Promise<Map<number, number[]>> {
    const unique = [...new Set(memberIds)];
    const groups = new Map<number, number[]>(unique.map((id) => [id, []]));
    if (unique.length === 0) return groups;
    const rows = await this.s.rows<{ member: number; group: number }>(
      `SELECT gm.member_id AS member, gm.group_id AS "group"
       FROM group_members gm JOIN channels g ON g.id = gm.group_id
       WHERE gm.member_id = ANY($1::int[]) AND g.active`,
      [unique],
      'groups-of-members',
    );
    for (const row of rows) groups.get(row.member)?.push(row.group);
    return groups;
  }
}
