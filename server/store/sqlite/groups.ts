import type { Channel } from '../channels.ts';
import type { GroupStore } from '../groups.ts';
import type { SqliteScope } from './database.ts';
import { channelColumns, toChannels } from './rows.ts';

const add = 'INSERT OR IGNORE INTO group_members (group_id, member_id, added_at) VALUES (?, ?, ?)';
const remove = 'DELETE FROM group_members WHERE group_id = ? AND member_id = ?';
const removeAll = 'DELETE FROM group_members WHERE group_id = ?';
const members = `
  SELECT ${channelColumns} FROM channels
  WHERE id IN (SELECT member_id FROM group_members WHERE group_id = ?)
  ORDER BY name COLLATE NOCASE, id`;
const named = `
  SELECT 1 FROM channels WHERE type = 'GROUP' AND tenant = ? AND name = ? COLLATE NOCASE LIMIT 1`;
const groupsOfMember = `
  SELECT gm.group_id AS id FROM group_members gm JOIN channels g ON g.id = gm.group_id
  WHERE gm.member_id = ? AND g.active = 1`;

export class SqliteGroupStore implements GroupStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  addMember(groupId: number, memberId: number, now: number): Promise<void> {
    return this.s.run(() => {
      this.s.prepare(add).run(groupId, memberId, now);
    });
  }

  removeMember(groupId: number, memberId: number): Promise<boolean> {
    return this.s.run(() => Number(this.s.prepare(remove).run(groupId, memberId).changes) > 0);
  }

  removeAll(groupId: number): Promise<number> {
    return this.s.run(() => Number(this.s.prepare(removeAll).run(groupId).changes));
  }

  listMembers(groupId: number): Promise<Channel[]> {
    return this.s.run(() => toChannels(this.s.prepare(members).all(groupId)));
  }

  nameTaken(tenant: string, name: string): Promise<boolean> {
    return this.s.run(() => this.s.prepare(named).get(tenant, name) !== undefined);
  }

  activeGroupsOf(memberIds: readonly number[]): Promise<Map<number, number[]>> {
    return this.s.run(() => {
      const statement = this.s.prepare(groupsOfMember);
      const groups = new Map<number, number[]>();
      for (const memberId of new Set(memberIds)) {
        groups.set(
          memberId,
          (statement.all(memberId) as { id: number }[]).map((row) => row.id),
        );
      }
      return groups;
    });
  }
}
