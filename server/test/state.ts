import { expect } from 'vitest';
import type { Db } from '../store/db.ts';

/**
 * Every row of every table, as sorted JSON lines per table. "A bad request changes nothing"
 * (DESIGN.md) is checked by comparing this before and after.
 */
export function databaseState(db: Db): Record<string, string[]> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string }[];
  const state: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = db.prepare(`SELECT * FROM "${name}"`).all();
    state[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

/** Runs `work` and fails when it changed anything in the database. */
export async function expectUnchanged(db: Db, work: () => Promise<void>): Promise<void> {
  const before = databaseState(db);
  await work();
  expect(databaseState(db)).toEqual(before);
}
