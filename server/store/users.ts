import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import type { Operation } from '../../contract/userinfo.ts';

export interface UserRow {
  id: number;
  sub: string;
  username: string;
  name: string;
  email: string;
  tenant: string;
  password_hash: string | null;
}

export interface Grant {
  tenant: string;
  objectType: string;
  operation: Operation;
}

const userColumns = 'id, sub, username, name, email, tenant, password_hash';

export class UserStore {
  private readonly byUsername;
  private readonly byId;
  private readonly bySub;
  private readonly grantsOfUser;
  private readonly anyWithPassword;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    this.byUsername = db.prepare(`SELECT ${userColumns} FROM users WHERE username = ?`);
    this.byId = db.prepare(`SELECT ${userColumns} FROM users WHERE id = ?`);
    this.anyWithPassword = db.prepare(
      `SELECT ${userColumns} FROM users WHERE password_hash IS NOT NULL ORDER BY id LIMIT 1`,
    );
    this.bySub = db.prepare(`SELECT ${userColumns} FROM users WHERE sub = ?`);
    this.grantsOfUser = db.prepare(`
      SELECT DISTINCT g.tenant AS tenant, g.object_type AS objectType, g.operation AS operation
      FROM user_permission_sets ups JOIN permission_set_grants g ON g.set_id = ups.set_id
      WHERE ups.user_id = ?
      ORDER BY g.tenant, g.object_type, g.operation`);
  }

  findByUsername(username: string): UserRow | undefined {
    return this.byUsername.get(username) as UserRow | undefined;
  }

  /** Some user with a password: the decoy a sign-in for an unknown name is checked against. */
  findAnyWithPassword(): UserRow | undefined {
    return this.anyWithPassword.get() as UserRow | undefined;
  }

  findById(id: number): UserRow | undefined {
    return this.byId.get(id) as UserRow | undefined;
  }

  findBySub(sub: string): UserRow | undefined {
    return this.bySub.get(sub) as UserRow | undefined;
  }

  /** The user's effective grants, read on every request so a changed role applies at once. */
  grantsOf(userId: number): Grant[] {
    return this.grantsOfUser.all(userId) as unknown as Grant[];
  }

  ensureTenant(name: string): void {
    this.db.prepare('INSERT OR IGNORE INTO tenants (name) VALUES (?)').run(name);
  }

  create(input: {
    username: string;
    name: string;
    email: string;
    tenant: string;
    passwordHash: string | null;
    now: number;
    sub?: string;
  }): UserRow {
    this.ensureTenant(input.tenant);
    return this.db
      .prepare(
        `INSERT INTO users (sub, username, name, email, tenant, password_hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${userColumns}`,
      )
      .get(
        input.sub ?? randomUUID(),
        input.username,
        input.name,
        input.email,
        input.tenant,
        input.passwordHash,
        input.now,
      ) as unknown as UserRow;
  }

  /** Creates or replaces a permission set (a role) with exactly these grants. */
  definePermissionSet(name: string, description: string, grants: readonly Grant[]): number {
    const row = this.db
      .prepare(
        `INSERT INTO permission_sets (name, description) VALUES (?, ?)
         ON CONFLICT (name) DO UPDATE SET description = excluded.description RETURNING id`,
      )
      .get(name, description) as { id: number };
    this.db.prepare('DELETE FROM permission_set_grants WHERE set_id = ?').run(row.id);
    const insert = this.db.prepare(
      `INSERT INTO permission_set_grants (set_id, tenant, object_type, operation)
       VALUES (?, ?, ?, ?)`,
    );
    for (const grant of grants) {
      this.ensureTenant(grant.tenant);
      insert.run(row.id, grant.tenant, grant.objectType, grant.operation);
    }
    return row.id;
  }

  /** Replaces the user's permission sets by the named ones (unknown names are ignored). */
  setPermissionSets(userId: number, setNames: readonly string[]): void {
    this.db.prepare('DELETE FROM user_permission_sets WHERE user_id = ?').run(userId);
    this.addPermissionSets(userId, setNames);
  }

  /** Adds the named permission sets to the user's (unknown names are ignored). */
  addPermissionSets(userId: number, setNames: readonly string[]): void {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO user_permission_sets (user_id, set_id)
       SELECT ?, id FROM permission_sets WHERE name = ?`,
    );
    for (const name of setNames) insert.run(userId, name);
  }

  removePermissionSets(userId: number, setNames: readonly string[]): void {
    const remove = this.db.prepare(
      `DELETE FROM user_permission_sets
       WHERE user_id = ? AND set_id = (SELECT id FROM permission_sets WHERE name = ?)`,
    );
    for (const name of setNames) remove.run(userId, name);
  }

  updateProfile(userId: number, profile: { name: string; email: string }): void {
    this.db
      .prepare('UPDATE users SET name = ?, email = ? WHERE id = ?')
      .run(profile.name, profile.email, userId);
  }

  setPasswordHash(userId: number, passwordHash: string): void {
    this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
  }
}
