import { randomUUID } from 'node:crypto';
import type { SQLOutputValue } from 'node:sqlite';
import type { Grant, NewUser, User, UserStore } from '../users.ts';
import type { SqliteScope } from './database.ts';
import { maybe } from './rows.ts';

const userColumns = 'id, sub, username, name, email, tenant, password_hash AS passwordHash';
const toUser = (row: Record<string, SQLOutputValue>) => row as unknown as User;

const grantsOfUser = `
  SELECT DISTINCT g.tenant AS tenant, g.object_type AS objectType, g.operation AS operation
  FROM user_permission_sets ups JOIN permission_set_grants g ON g.set_id = ups.set_id
  WHERE ups.user_id = ?
  ORDER BY g.tenant, g.object_type, g.operation`;
const ensureTenant = 'INSERT OR IGNORE INTO tenants (name) VALUES (?)';

export class SqliteUserStore implements UserStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  private one(where: string, value: string | number): Promise<User | undefined> {
    return this.s.run(() =>
      maybe(this.s.prepare(`SELECT ${userColumns} FROM users WHERE ${where}`).get(value), toUser),
    );
  }

  findByUsername(username: string): Promise<User | undefined> {
    return this.one('username = ?', username);
  }

  findAnyWithPassword(): Promise<User | undefined> {
    return this.s.run(() =>
      maybe(
        this.s
          .prepare(
            `SELECT ${userColumns} FROM users WHERE password_hash IS NOT NULL ORDER BY id LIMIT 1`,
          )
          .get(),
        toUser,
      ),
    );
  }

  findById(id: number): Promise<User | undefined> {
    return this.one('id = ?', id);
  }

  findBySub(sub: string): Promise<User | undefined> {
    return this.one('sub = ?', sub);
  }

  count(): Promise<number> {
    return this.s.run(
      () => (this.s.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n,
    );
  }

  grantsOf(userId: number): Promise<Grant[]> {
    return this.s.run(() => this.s.prepare(grantsOfUser).all(userId) as unknown as Grant[]);
  }

  ensureTenant(name: string): Promise<void> {
    return this.s.run(() => {
      this.s.prepare(ensureTenant).run(name);
    });
  }

  create(input: NewUser): Promise<User> {
    return this.s.atomically(() => {
      this.s.prepare(ensureTenant).run(input.tenant);
      const row = this.s
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
        );
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
      return toUser(row);
    });
  }

  definePermissionSet(name: string, description: string, grants: readonly Grant[]): Promise<void> {
    return this.s.atomically(() => {
      const row = this.s
        .prepare(
          `INSERT INTO permission_sets (name, description) VALUES (?, ?)
           ON CONFLICT (name) DO UPDATE SET description = excluded.description RETURNING id`,
        )
        .get(name, description) as { id: number };
      this.s.prepare('DELETE FROM permission_set_grants WHERE set_id = ?').run(row.id);
      const insert = this.s.prepare(
        `INSERT INTO permission_set_grants (set_id, tenant, object_type, operation)
         VALUES (?, ?, ?, ?)`,
      );
      for (const grant of grants) {
        this.s.prepare(ensureTenant).run(grant.tenant);
        insert.run(row.id, grant.tenant, grant.objectType, grant.operation);
      }
    });
  }

  setPermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return this.s.atomically(() => {
      this.s.prepare('DELETE FROM user_permission_sets WHERE user_id = ?').run(userId);
      this.addSets(userId, setNames);
    });
  }

  addPermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return this.s.atomically(() => this.addSets(userId, setNames));
  }

  private addSets(userId: number, setNames: readonly string[]): void {
    const insert = this.s.prepare(
      `INSERT OR IGNORE INTO user_permission_sets (user_id, set_id)
       SELECT ?, id FROM permission_sets WHERE name = ?`,
    );
    for (const name of setNames) insert.run(userId, name);
  }

  removePermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return this.s.atomically(() => {
      const remove = this.s.prepare(
        `DELETE FROM user_permission_sets
         WHERE user_id = ? AND set_id = (SELECT id FROM permission_sets WHERE name = ?)`,
      );
      for (const name of setNames) remove.run(userId, name);
    });
  }

  updateProfile(userId: number, profile: { name: string; email: string }): Promise<void> {
    return this.s.run(() => {
      this.s
        .prepare('UPDATE users SET name = ?, email = ? WHERE id = ?')
        .run(profile.name, profile.email, userId);
    });
  }

  setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    return this.s.run(() => {
      this.s.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
    });
  }
}
