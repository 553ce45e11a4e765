import type { Channel } from './channels.ts';

export interface GroupStore {
  addMember(groupId: number, memberId: number, now: number): Promise<void>;
  /** True when the member was in the group. */
  removeMember(groupId: number, memberId: number): Promise<boolean>;
  removeAll(groupId: number): Promise<number>;
  /** Ordered by name (case-insensitively), then id. */
  listMembers(groupId: number): Promise<Channel[]>;
  /**
   * Whether `tenant` has a group of this name, ignoring the case of A–Z: two groups people cannot
   * tell apart by name make every list and picker ambiguous (docs/decisions/0008-channels-and-data.md, "Group names").
   */
  nameTaken(tenant: string, name: string): Promise<boolean>;
  /**
   * For each of these channels, the active groups it is a member of: where a reading of a sensor
   * is also published (the groups of the sensor and of its node).
   */
  activeGroupsOf(memberIds: readonly number[]): Promise<Map<number, number[]>>;
}
