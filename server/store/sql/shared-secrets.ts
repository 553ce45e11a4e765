import { Repository } from './queries.ts';

/**
 * Shared secrets (PostgreSQL), and on both engines the secrets key's check value: one SQLite
 * instance keeps its other keys in a file.
 */
export class SqlSharedSecretStore extends Repository {
  /** The secret `name`; made with `make` and stored when there is none (the first one wins). */
  async loadOrCreate(name: string, make: () => string): Promise<string> {
    // Instances starting together each offer theirs; the first insert wins and all read it.
    await this.s.exec(
      this.s.qb
        .insertInto('shared_secrets')
        .values({ name, value: make() })
        .onConflict((conflict) => conflict.column('name').doNothing()),
    );
    const value = await this.read(name);
    if (value === undefined) throw new Error(`shared secret ${name} was not stored`);
    return value;
  }

  async read(name: string): Promise<string | undefined> {
    const row = await this.s.first(
      this.s.qb.selectFrom('shared_secrets').select('value').where('name', '=', name),
    );
    return row?.value;
  }

  /** Stores `value` as the secret `name`, replacing any earlier one. */
  async write(name: string, value: string): Promise<void> {
    await this.s.exec(
      this.s.qb
        .insertInto('shared_secrets')
        .values({ name, value })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        ),
    );
  }
}
