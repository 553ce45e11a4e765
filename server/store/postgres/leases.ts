import type { Claim, LeaseStore, Position } from '../leases.ts';
import type { PgScope } from './database.ts';

export class PgLeaseStore implements LeaseStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
    // One statement: two instances asking at once cannot both get it (the row is locked).
    const row = await this.s.one(
      `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE leases.holder = excluded.holder OR leases.expires_at < $4
       RETURNING holder`,
      [name, holder, now + ttlMs, now],
      'lease-acquire',
    );
    return row !== undefined;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.s.run('UPDATE leases SET expires_at = 0 WHERE name = $1 AND holder = $2', [
      name,
      holder,
    ]);
  }

  async cursor(name: string): Promise<number> {
    const row = await this.s.one<{ cursor: number }>('SELECT cursor FROM leases WHERE name = $1', [
      name,
    ]);
    return row?.cursor ?? 0;
  }

  async setCursor(name: string, holder: string, value: number): Promise<void> {
    await this.s.run(
      'UPDATE leases SET cursor = $1 WHERE name = $2 AND holder = $3',
      [value, name, holder],
      'lease-cursor',
    );
  }

  async claims(name: string): Promise<Map<number, Position>> {
    const rows = await this.s.rows<{ key: number; seq: number; idx: number }>(
      'SELECT key, seq, idx FROM lease_claims WHERE lease = $1',
      [name],
    );
    return new Map(rows.map((row) => [row.key, { seq: row.seq, idx: row.idx }]));
  }

  async claim(name: string, claims: readonly Claim[]): Promise<void> {
    if (claims.length === 0) return;
    // Sorted keys (one lock order); a claim only moves forward, also when two writes of the
    // same key cross.
    const sorted = [...claims].sort((a, b) => a.key - b.key);
    await this.s.run(
      `INSERT INTO lease_claims (lease, key, seq, idx)
       SELECT $1, key, seq, idx FROM unnest($2::bigint[], $3::bigint[], $4::int[]) AS c(key, seq, idx)
       ON CONFLICT (lease, key) DO UPDATE SET seq = excluded.seq, idx = excluded.idx
       WHERE (lease_claims.seq, lease_claims.idx) < (excluded.seq, excluded.idx)`,
      [name, sorted.map((c) => c.key), sorted.map((c) => c.seq), sorted.map((c) => c.idx)],
      'lease-claim',
    );
  }
}
