import { sql } from 'kysely';
import type { Claim, Position } from '../leases.ts';
import { Repository } from './queries.ts';

/** Rows of claims per statement: four parameters each, well under SQLite's limit. */
const CLAIMS_PER_STATEMENT = 200;

/**
 * Named leases: work that must run in one instance at a time (the simulator, push delivery)
 * runs where the lease is held, renewed well within its time, and is taken over by another
 * instance when the holder stops renewing (it died) or lets it go (it stopped).
 */
export class SqlLeaseStore extends Repository {
  /** Takes or renews `name` for `holder` until `now + ttlMs`; false while another holds it. */
  async acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
    // One statement: two instances asking at once cannot both get it (the row is locked).
    const row = await this.s.first(
      this.s.qb
        .insertInto('leases')
        .values({ name, holder, expires_at: now + ttlMs })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet((eb) => ({
              holder: eb.ref('excluded.holder'),
              expires_at: eb.ref('excluded.expires_at'),
            }))
            .where((eb) =>
              eb.or([
                eb('leases.holder', '=', eb.ref('excluded.holder')),
                eb('leases.expires_at', '<', now),
              ]),
            ),
        )
        .returning('holder'),
      'lease-acquire',
    );
    return row !== undefined;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.s.exec(
      this.s.qb
        .updateTable('leases')
        .set({ expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder),
    );
  }

  /** A cursor kept with the work (how far it got), so a new holder goes on from there. */
  async cursor(name: string): Promise<number> {
    const row = await this.s.first(
      this.s.qb.selectFrom('leases').select('cursor').where('name', '=', name),
    );
    return row?.cursor ?? 0;
  }

  async setCursor(name: string, holder: string, value: number): Promise<void> {
    await this.s.exec(
      this.s.qb
        .updateTable('leases')
        .set({ cursor: value })
        .where('name', '=', name)
        .where('holder', '=', holder),
      'lease-cursor',
    );
  }

  /** Per key, the last position (event `seq`, reading `idx`) the work has started on. */
  async claims(name: string): Promise<Map<number, Position>> {
    const rows = await this.s.all(
      this.s.qb.selectFrom('lease_claims').select(['key', 'seq', 'idx']).where('lease', '=', name),
      'lease-claims',
    );
    return new Map(
      rows.map((row) => [Number(row.key), { seq: Number(row.seq), idx: Number(row.idx) }]),
    );
  }

  /**
   * Moves each key's claim forward to its position (never back), in one transaction; `inside`
   * runs in it after the claims are written, right before the commit (push sends there: 0026).
   * It runs again if the transaction is run again (a deadlock), so it must do its work once.
   */
  async claim(name: string, claims: readonly Claim[], inside?: () => void): Promise<void> {
    if (claims.length === 0) return;
    // Sorted keys (one lock order); a claim only moves forward, also when two writes of the
    // same key cross.
    const sorted = [...claims].sort((a, b) => a.key - b.key);
    await this.s.atomic(async (tx) => {
      for (let at = 0; at < sorted.length; at += CLAIMS_PER_STATEMENT) {
        const part = sorted.slice(at, at + CLAIMS_PER_STATEMENT);
        await tx.exec(
          tx.qb
            .insertInto('lease_claims')
            .values(part.map((c) => ({ lease: name, key: c.key, seq: c.seq, idx: c.idx })))
            .onConflict((conflict) =>
              conflict
                .columns(['lease', 'key'])
                .doUpdateSet((eb) => ({ seq: eb.ref('excluded.seq'), idx: eb.ref('excluded.idx') }))
                .where(
                  sql<boolean>`(lease_claims.seq, lease_claims.idx) < (excluded.seq, excluded.idx)`,
                ),
            ),
        );
      }
      // The commit follows at once, with no other work of this instance in between.
      inside?.();
    });
  }
}
