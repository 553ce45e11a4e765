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
    const row = await this.s.one<{ value: string }>(
      'SELECT value FROM shared_secrets WHERE name = $1',
      [name],
    );
    if (!row) throw new Error(`shared secret ${name} was not stored`);
    return row.value;
  }
}
