import type { Claim, LeaseStore, Position } from '../leases.ts';
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

  claims(name: string): Promise<Map<number, Position>> {
    return this.s.run(() => {
      const rows = this.s
        .prepare('SELECT key, seq, idx FROM lease_claims WHERE lease = ?')
        .all(name) as { key: number; seq: number; idx: number }[];
      return new Map(rows.map((row) => [row.key, { seq: row.seq, idx: row.idx }]));
    });
  }

  claim(name: string, claims: readonly Claim[]): Promise<void> {
    if (claims.length === 0) return Promise.resolve();
    return this.s.atomically(() => {
      const statement = this.s.prepare(
        `INSERT INTO lease_claims (lease, key, seq, idx) VALUES (?, ?, ?, ?)
         ON CONFLICT (lease, key) DO UPDATE SET seq = excluded.seq, idx = excluded.idx
         WHERE (lease_claims.seq, lease_claims.idx) < (excluded.seq, excluded.idx)`,
      );
      for (const c of claims) statement.run(name, c.key, c.seq, c.idx);
    });
  }
}
