import type { SharedSecretStore } from '../shared-secrets.ts';
import type { PgScope } from './database.ts';

export class PgSharedSecretStore implements SharedSecretStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async loadOrCreate(name: string, make: () => string): Promise<string> {
    // Instances starting together each offer theirs; the first insert wins and all read it.
    await this.s.run(
      'INSERT INTO shared_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [name, make()],
    );
    const value = await this.read(name);
    if (value === undefined) throw new Error(`shared secret ${name} was not stored`);
    return value;
  }

  async read(name: string): Promise<string | undefined> {
    const row = await this.s.one<{ value: string }>(
      'SELECT value FROM shared_secrets WHERE name = $1',
      [name],
    );
    return row?.value;
  }

  async write(name: string, value: string): Promise<void> {
    await this.s.run(
      `INSERT INTO shared_secrets (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      [name, value],
    );
  }
}
