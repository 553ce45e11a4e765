import type { LeaseStore } from '../leases.ts';
import type { SqliteScope } from './database.ts';

export class SqliteLeaseStore implements LeaseStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
    return this.s.run(
      () =>
        this.s
          .prepare(
            `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder,
               expires_at = excluded.expires_at
             WHERE leases.holder = excluded.holder OR leases.expires_at < ?
             RETURNING holder`,
          )
          .get(name, holder, now + ttlMs, now) !== undefined,
    );
  }

  release(name: string, holder: string): Promise<void> {
    return this.s.run(() => {
      this.s
        .prepare('UPDATE leases SET expires_at = 0 WHERE name = ? AND holder = ?')
        .run(name, holder);
    });
  }

  cursor(name: string): Promise<number> {
    return this.s.run(() => {
      const row = this.s.prepare('SELECT cursor FROM leases WHERE name = ?').get(name) as
        { cursor: number } | undefined;
      return row?.cursor ?? 0;
    });
  }

  setCursor(name: string, holder: string, value: number): Promise<void> {
    return this.s.run(() => {
      this.s
        .prepare('UPDATE leases SET cursor = ? WHERE name = ? AND holder = ?')
        .run(value, name, holder);
    });
  }
}
