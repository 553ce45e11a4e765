import { expect } from 'vitest';
import type { SqlProbe } from './sql-probe.ts';

/**
 * Every row of every table, as sorted JSON lines per table. "A bad request changes nothing"
 * (docs/decisions/0005-errors.md, "Errors") is checked by comparing this before and after.
 */
export async function databaseState(cloud: { sql: SqlProbe }): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = {};
  for (const name of await cloud.sql.tables()) {
    // A wrong password counts towards the throttle, as it must, without changing anything else;
    // leases are renewed in the background every few seconds, whatever the requests do.
    if (name === 'sign_in_failures' || name === 'leases') continue;
    const rows = await cloud.sql.all(`SELECT * FROM "${name}"`);
    // A sign-in is recorded whatever the request then answers (docs/decisions/0177), as the
    // throttle counts a wrong password.
    const kept =
      name === 'users'
        ? rows.map((row) => {
            const { signed_in_at: _signedIn, ...rest } = row as Record<string, unknown>;
            return rest;
          })
        : rows;
    state[name] = kept.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

/** Runs `work` and fails when it changed anything in the database. */
export async function expectUnchanged(
  cloud: { sql: SqlProbe },
  work: () => Promise<void>,
): Promise<void> {
  const before = await databaseState(cloud);
  await work();
  expect(await databaseState(cloud)).toEqual(before);
}
