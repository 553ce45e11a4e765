import type { Operation } from '../../contract/userinfo.ts';

export interface User {
  id: number;
  /** The subject of tokens and of userinfo. */
  sub: string;
  username: string;
  name: string;
  email: string;
  tenant: string;
  /** scrypt hash (passwords.ts); null for people of an outside identity provider. */
  passwordHash: string | null;
}

export interface Grant {
  tenant: string;
  objectType: string;
  operation: Operation;
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  tenant: string;
  passwordHash: string | null;
  now: number;
  sub?: string;
}

export interface UserStore {
  findByUsername(username: string): Promise<User | undefined>;
  /** Some user with a password: the decoy a sign-in for an unknown name is checked against. */
  findAnyWithPassword(): Promise<User | undefined>;
  findById(id: number): Promise<User | undefined>;
  findBySub(sub: string): Promise<User | undefined>;
  count(): Promise<number>;
  /** The user's effective grants, read on every request so a changed role applies at once. */
  grantsOf(userId: number): Promise<Grant[]>;
  ensureTenant(name: string): Promise<void>;
  create(input: NewUser): Promise<User>;
  /** Creates or replaces a permission set (a role) with exactly these grants. */
  definePermissionSet(name: string, description: string, grants: readonly Grant[]): Promise<void>;
  /** Replaces the user's permission sets by the named ones (unknown names are ignored). */
  setPermissionSets(userId: number, setNames: readonly string[]): Promise<void>;
  /** Adds the named permission sets to the user's (unknown names are ignored). */
  addPermissionSets(userId: number, setNames: readonly string[]): Promise<void>;
  removePermissionSets(userId: number, setNames: readonly string[]): Promise<void>;
  updateProfile(userId: number, profile: { name: string; email: string }): Promise<void>;
  setPasswordHash(userId: number, passwordHash: string): Promise<void>;
}
