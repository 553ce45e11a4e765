import { Repository } from './queries.ts';

/**
 * Failed sign-ins per key (a username), in the database so that every instance counts the same
 * failures: a guesser gains nothing by being balanced across instances.
 */
export class SqlSignInFailureStore extends Repository {
  /** When `key` failed after `since`, oldest first (epoch ms). */
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

  /** Forgets failures from before `before`. */
  async prune(before: number): Promise<void> {
    await this.s.exec(this.s.qb.deleteFrom('sign_in_failures').where('at', '<=', before));
  }
}
