import type { SignInFailureStore } from '../sign-in-failures.ts';
import type { PgScope } from './database.ts';

export class PgSignInFailureStore implements SignInFailureStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async recent(key: string, since: number): Promise<number[]> {
    const rows = await this.s.rows<{ at: number }>(
      'SELECT at FROM sign_in_failures WHERE key = $1 AND at > $2 ORDER BY at',
      [key, since],
      'sign-in-failures',
    );
    return rows.map((row) => row.at);
  }

  async add(key: string, at: number): Promise<void> {
    await this.s.run('INSERT INTO sign_in_failures (key, at) VALUES ($1, $2)', [key, at]);
  }

  async clear(key: string): Promise<void> {
    await this.s.run('DELETE FROM sign_in_failures WHERE key = $1', [key]);
  }

  async prune(before: number): Promise<void> {
    await this.s.run('DELETE FROM sign_in_failures WHERE at <= $1', [before]);
  }
}
