import type { LeaseStore } from '../leases.ts';
import type { Sql } from './queries.ts';

export class SqlLeaseStore implements LeaseStore {
  private readonly s: Sql;

  constructor(sql: Sql) {
    this.s = sql;
  }

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
}
