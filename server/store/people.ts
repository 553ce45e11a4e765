import type { Grant, User } from './users.ts';

/** A person as support looks them up: never a secret (docs/decisions/0071-people-and-access.md). */
export interface Person extends Omit<User, 'passwordHash'> {
  /** Built in: an account with a password here; otherwise made by an outside provider. */
  builtIn: boolean;
  permissionSets: string[];
  /** The newest sign-in (epoch ms) by any way: a password here or an outside provider. */
  lastSignIn: number | null;
}

export interface PermissionSetInfo {
  name: string;
  description: string;
  grants: Grant[];
  /** The groups (by id) whoever holds the set reaches. */
  groupIds: number[];
}

/** A group a channel (or its node) is a member of, and how each person could come to reach it. */
export interface GroupPath {
  id: number;
  uuid: string;
  name: string;
  active: boolean;
  ownerId: number | null;
}

/** The facts reach is made of, for one person and one channel (and the channel's node). */
export interface ReachFacts {
  /** Channels among the channel and its node that the person owns. */
  owned: number[];
  /** Given directly (channel_access). */
  given: number[];
  /** Given through a permission set that names it: channel id → set names. */
  givenBySets: Map<number, string[]>;
  /** The groups the channel or its node is a member of (member id → groups). */
  groups: Map<number, GroupPath[]>;
  /** Of those groups: given directly to the person. */
  groupsGiven: Set<number>;
  /** Of those groups: the sets naming them (group id → set names), whoever holds them. */
  groupSets: Map<number, string[]>;
}
