import type { SignInFailureStore } from '../sign-in-failures.ts';
import type { SqliteScope } from './database.ts';

export class SqliteSignInFailureStore implements SignInFailureStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  recent(key: string, since: number): Promise<number[]> {
    return this.s.run(() =>
      (
        this.s
          .prepare('SELECT at FROM sign_in_failures WHERE key = ? AND at > ? ORDER BY at')
          .all(key, since) as { at: number }[]
      ).map((row) => row.at),
    );
  }

  add(key: string, at: number): Promise<void> {
    return this.s.run(() => {
      this.s.prepare('INSERT INTO sign_in_failures (key, at) VALUES (?, ?)').run(key, at);
    });
  }

  clear(key: string): Promise<void> {
    return this.s.run(() => {
      this.s.prepare('DELETE FROM sign_in_failures WHERE key = ?').run(key);
    });
  }

  prune(before: number): Promise<void> {
    return this.s.run(() => {
      this.s.prepare('DELETE FROM sign_in_failures WHERE at <= ?').run(before);
    });
  }
}
