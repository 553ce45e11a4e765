import type { Db } from './db.ts';
import { channelColumns, type ChannelRow } from './channel-row.ts';

export class GroupStore {
  private readonly add;
  private readonly remove;
  private readonly removeAllOf;
  private readonly members;
  private readonly groupsOfMembers;

  constructor(db: Db) {
    this.add = db.prepare(
      'INSERT OR IGNORE INTO group_members (group_id, member_id, added_at) VALUES (?, ?, ?)',
    );
    this.remove = db.prepare('DELETE FROM group_members WHERE group_id = ? AND member_id = ?');
    this.removeAllOf = db.prepare('DELETE FROM group_members WHERE group_id = ?');
    this.members = db.prepare(`
      SELECT ${channelColumns} FROM channels
      WHERE id IN (SELECT member_id FROM group_members WHERE group_id = ?)
      ORDER BY name COLLATE NOCASE, id`);
    this.groupsOfMembers = db.prepare(`
      SELECT DISTINCT gm.group_id AS id FROM group_members gm JOIN channels g ON g.id = gm.group_id
      WHERE gm.member_id IN (?, ?) AND g.active = 1`);
  }

  addMember(groupId: number, memberId: number, now: number): void {
    this.add.run(groupId, memberId, now);
  }

  /** True when the member was in the group. */
  removeMember(groupId: number, memberId: number): boolean {
    return Number(this.remove.run(groupId, memberId).changes) > 0;
  }

  removeAll(groupId: number): number {
    return Number(this.removeAllOf.run(groupId).changes);
  }

  listMembers(groupId: number): ChannelRow[] {
    return this.members.all(groupId) as unknown as ChannelRow[];
  }

  /** Active groups that a sensor or its node belongs to: where a reading is also published. */
  groupsOf(sensorId: number, nodeId: number): number[] {
    return (this.groupsOfMembers.all(sensorId, nodeId) as { id: number }[]).map((row) => row.id);
  }
}
