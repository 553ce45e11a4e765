import type { StatementSync } from 'node:sqlite';
import type { Db } from './db.ts';

const statements = new WeakMap<Db, StatementSync>();

/**
 * Whether a group of this name already exists in `tenant`, ignoring the case of A–Z: two groups
 * that people cannot tell apart by name make every picker and list ambiguous (docs/decisions.md,
 * "Groups"). Callers check and insert in one transaction, so two requests cannot both pass.
 */
export function groupNameTaken(db: Db, tenant: string, name: string): boolean {
  let statement = statements.get(db);
  if (!statement) {
    statement = db.prepare(
      `SELECT 1 FROM channels
       WHERE type = 'GROUP' AND tenant = ? AND name = ? COLLATE NOCASE LIMIT 1`,
    );
    statements.set(db, statement);
  }
  return statement.get(tenant, name) !== undefined;
}
