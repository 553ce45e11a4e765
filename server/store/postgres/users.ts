import { randomUUID } from 'node:crypto';
import type { Grant, NewUser, User, UserStore } from '../users.ts';
import type { PgScope } from './database.ts';

const userColumns = 'id, sub, username, name, email, tenant, password_hash AS "passwordHash"';

export class PgUserStore implements UserStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  private one(where: string, value: string | number, name: string): Promise<User | undefined> {
    return this.s.one<User>(`SELECT ${userColumns} FROM users WHERE ${where}`, [value], name);
  }

  findByUsername(username: string): Promise<User | undefined> {
    return this.one('username = $1', username, 'user-by-username');
  }

  findAnyWithPassword(): Promise<User | undefined> {
    return this.s.one<User>(
      `SELECT ${userColumns} FROM users WHERE password_hash IS NOT NULL ORDER BY id LIMIT 1`,
    );
  }

  findById(id: number): Promise<User | undefined> {
    return this.one('id = $1', id, 'user-by-id');
  }

  findBySub(sub: string): Promise<User | undefined> {
    return this.one('sub = $1', sub, 'user-by-sub');
  }

  async count(): Promise<number> {
    return (await this.s.one<{ n: number }>('SELECT count(*)::int AS n FROM users'))?.n ?? 0;
  }

  grantsOf(userId: number): Promise<Grant[]> {
    return this.s.rows<Grant>(
      `SELECT * FROM (
         SELECT DISTINCT g.tenant AS tenant, g.object_type AS "objectType", g.operation AS operation
         FROM user_permission_sets ups JOIN permission_set_grants g ON g.set_id = ups.set_id
         WHERE ups.user_id = $1
       ) grants
       ORDER BY tenant COLLATE "C", "objectType" COLLATE "C", operation COLLATE "C"`,
      [userId],
      'grants-of-user',
    );
  }

  async ensureTenant(name: string): Promise<void> {
    await this.s.run('INSERT INTO tenants (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
  }

  create(input: NewUser): Promise<User> {
    return this.s.atomically(async (tx) => {
      await tx.run('INSERT INTO tenants (name) VALUES ($1) ON CONFLICT DO NOTHING', [input.tenant]);
      const row = await tx.one<User>(
        `INSERT INTO users (sub, username, name, email, tenant, password_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${userColumns}`,
        [
          input.sub ?? randomUUID(),
          input.username,
          input.name,
          input.email,
          input.tenant,
          input.passwordHash,
          input.now,
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    });
  }

  definePermissionSet(name: string, description: string, grants: readonly Grant[]): Promise<void> {
    return this.s.atomically(async (tx) => {
      const row = await tx.one<{ id: number }>(
        `INSERT INTO permission_sets (name, description) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET description = excluded.description RETURNING id`,
        [name, description],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      await tx.run('DELETE FROM permission_set_grants WHERE set_id = $1', [row.id]);
      for (const tenant of new Set(grants.map((grant) => grant.tenant))) {
        await tx.run('INSERT INTO tenants (name) VALUES ($1) ON CONFLICT DO NOTHING', [tenant]);
      }
      await tx.run(
        `INSERT INTO permission_set_grants (set_id, tenant, object_type, operation)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])`,
        [
          row.id,
          grants.map((grant) => grant.tenant),
          grants.map((grant) => grant.objectType),
          grants.map((grant) => grant.operation),
        ],
      );
    });
  }

  setPermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return this.s.atomically(async (tx) => {
      await tx.run('DELETE FROM user_permission_sets WHERE user_id = $1', [userId]);
      await addSets(tx, userId, setNames);
    });
  }

  addPermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return addSets(this.s, userId, setNames);
  }

  async removePermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    await this.s.run(
      `DELETE FROM user_permission_sets
       WHERE user_id = $1 AND set_id IN (SELECT id FROM permission_sets WHERE name = ANY($2::text[]))`,
      [userId, setNames],
    );
  }

  async updateProfile(userId: number, profile: { name: string; email: string }): Promise<void> {
    await this.s.run('UPDATE users SET name = $1, email = $2 WHERE id = $3', [
      profile.name,
      profile.email,
      userId,
    ]);
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.s.run('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, userId]);
  }
}

async function addSets(s: PgScope, userId: number, setNames: readonly string[]): Promise<void> {
  await s.run(
    `INSERT INTO user_permission_sets (user_id, set_id)
     SELECT $1, id FROM permission_sets WHERE name = ANY($2::text[])
     ON CONFLICT DO NOTHING`,
    [userId, setNames],
  );
}
