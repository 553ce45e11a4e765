import { randomUUID } from 'node:crypto';
import type { Grant, NewUser, User } from '../users.ts';
import { binary, oneOf } from './engine.ts';
import { one, Repository, type Sql } from './queries.ts';

const userColumns = [
  'id',
  'sub',
  'username',
  'name',
  'email',
  'tenant',
  'password_hash as passwordHash',
] as const;

export class SqlUserStore extends Repository {
  private get users() {
    return this.s.qb.selectFrom('users').select(userColumns);
  }

  findByUsername(username: string): Promise<User | undefined> {
    return this.s.first(this.users.where('username', '=', username), 'user-by-username');
  }

  /** Some user with a password: the decoy a sign-in for an unknown name is checked against. */
  findAnyWithPassword(): Promise<User | undefined> {
    return this.s.first(this.users.where('password_hash', 'is not', null).orderBy('id').limit(1));
  }

  findById(id: number): Promise<User | undefined> {
    return this.s.first(this.users.where('id', '=', id), 'user-by-id');
  }

  findBySub(sub: string): Promise<User | undefined> {
    return this.s.first(this.users.where('sub', '=', sub), 'user-by-sub');
  }

  async count(): Promise<number> {
    const row = await this.s.first(
      this.s.qb.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')),
    );
    return Number(row?.n ?? 0);
  }

  /** The user's effective grants, read on every request so a changed role applies at once. */
  grantsOf(userId: number): Promise<Grant[]> {
    const { engine, qb } = this.s;
    // DISTINCT first, then the order: PostgreSQL orders a DISTINCT only by what it selects.
    const grants = qb
      .selectFrom('user_permission_sets as ups')
      .innerJoin('permission_set_grants as g', 'g.set_id', 'ups.set_id')
      .select(['g.tenant as tenant', 'g.object_type as objectType', 'g.operation as operation'])
      .distinct()
      .where('ups.user_id', '=', userId);
    return this.s.all(
      qb
        .selectFrom(grants.as('grants'))
        .selectAll()
        .orderBy(binary(engine, 'tenant'))
        .orderBy(binary(engine, 'objectType'))
        .orderBy(binary(engine, 'operation')),
      'grants-of-user',
    );
  }

  async ensureTenant(name: string): Promise<void> {
    await ensureTenants(this.s, [name]);
  }

  create(input: NewUser): Promise<User> {
    return this.s.atomic(async (tx) => {
      await ensureTenants(tx, [input.tenant]);
      return one(
        tx,
        tx.qb
          .insertInto('users')
          .values({
            sub: input.sub ?? randomUUID(),
            username: input.username,
            name: input.name,
            email: input.email,
            tenant: input.tenant,
            password_hash: input.passwordHash,
            created_at: input.now,
          })
          .returning(userColumns),
      );
    });
  }

  /** Creates or replaces a permission set (a role) with exactly these grants. */
  definePermissionSet(name: string, description: string, grants: readonly Grant[]): Promise<void> {
    return this.s.atomic(async (tx) => {
      const row = await one(
        tx,
        tx.qb
          .insertInto('permission_sets')
          .values({ name, description })
          .onConflict((conflict) =>
            conflict
              .column('name')
              .doUpdateSet((eb) => ({ description: eb.ref('excluded.description') })),
          )
          .returning('id'),
      );
      await tx.exec(tx.qb.deleteFrom('permission_set_grants').where('set_id', '=', row.id));
      if (grants.length === 0) return;
      await ensureTenants(tx, [...new Set(grants.map((grant) => grant.tenant))]);
      await tx.exec(
        tx.qb
          .insertInto('permission_set_grants')
          .values(
            grants.map((grant) => ({
              set_id: row.id,
              tenant: grant.tenant,
              object_type: grant.objectType,
              operation: grant.operation,
            })),
          )
          .onConflict((conflict) => conflict.doNothing()),
      );
    });
  }

  /** Replaces the user's permission sets by the named ones (unknown names are ignored). */
  setPermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return this.s.atomic(async (tx) => {
      await tx.exec(tx.qb.deleteFrom('user_permission_sets').where('user_id', '=', userId));
      await addSets(tx, userId, setNames);
    });
  }

  /** Adds the named permission sets to the user's (unknown names are ignored). */
  addPermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    return addSets(this.s, userId, setNames);
  }

  async removePermissionSets(userId: number, setNames: readonly string[]): Promise<void> {
    if (setNames.length === 0) return;
    const { engine, qb } = this.s;
    await this.s.exec(
      qb
        .deleteFrom('user_permission_sets')
        .where('user_id', '=', userId)
        .where('set_id', 'in', (eb) =>
          eb
            .selectFrom('permission_sets')
            .select('id')
            .where(oneOf(engine, 'name', setNames)),
        ),
    );
  }

  async updateProfile(userId: number, profile: { name: string; email: string }): Promise<void> {
    await this.s.exec(
      this.s.qb
        .updateTable('users')
        .set({ name: profile.name, email: profile.email })
        .where('id', '=', userId),
    );
  }

  /** A sign-in with this account's password (Basic, the login page, the password-realm grant). */
  async recordSignIn(userId: number, at: number): Promise<void> {
    await this.s.exec(
      this.s.qb
        .updateTable('users')
        .set({ signed_in_at: at })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('signed_in_at', 'is', null), eb('signed_in_at', '<', at)])),
    );
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.s.exec(
      this.s.qb.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId),
    );
  }
}

async function ensureTenants(s: Sql, names: readonly string[]): Promise<void> {
  await s.exec(
    s.qb
      .insertInto('tenants')
      .values(names.map((name) => ({ name })))
      .onConflict((conflict) => conflict.doNothing()),
  );
}

async function addSets(s: Sql, userId: number, setNames: readonly string[]): Promise<void> {
  if (setNames.length === 0) return;
  await s.exec(
    s.qb
      .insertInto('user_permission_sets')
      .columns(['user_id', 'set_id'])
      .expression((eb) =>
        eb
          .selectFrom('permission_sets')
          .select([eb.val(userId).as('user_id'), 'id'])
          .where(oneOf(s.engine, 'name', setNames)),
      )
      .onConflict((conflict) => conflict.doNothing()),
  );
}
