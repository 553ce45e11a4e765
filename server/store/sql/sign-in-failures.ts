import type { SignInFailureStore } from '../sign-in-failures.ts';
import type { Sql } from './queries.ts';

export class SqlSignInFailureStore implements SignInFailureStore {
  private readonly s: Sql;

  constructor(sql: Sql) {
    this.s = sql;
  }

  async recent(key: string, since: number): Promise<number[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('sign_in_failures')
        .select('at')
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at'),
      'sign-in-failures',
    );
    return rows.map((row) => row.at);
  }

  async add(key: string, at: number): Promise<void> {
    await this.s.exec(this.s.qb.insertInto('sign_in_failures').values({ key, at }));
  }

  async clear(key: string): Promise<void> {
    await this.s.exec(this.s.qb.deleteFrom('sign_in_failures').where('key', '=', key));
  }

  async prune(before: number): Promise<void> {
    await this.s.exec(this.s.qb.deleteFrom('sign_in_failures').where('at', '<=', before));
  }
}
