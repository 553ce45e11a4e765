import type pg from 'pg';
import type { SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase } from '../store/sqlite/database.ts';

type SqlValue = string | number | null;
type SqlRow = Record<string, unknown>;

/**
 * Plain SQL against a test cloud's database, for what the API cannot show (a stored secret, who
 * owns what) and for "a bad request changes nothing" (state.ts). Placeholders are `?`.
 */
export interface SqlProbe {
  all(sql: string, ...params: SqlValue[]): Promise<SqlRow[]>;
  tables(): Promise<string[]>;
}

export function sqliteProbe(db: SqliteDatabase): SqlProbe {
  return {
    async all(sql, ...params) {
      return db.raw.prepare(sql).all(...(params as SQLInputValue[]));
    },
    async tables() {
      const rows = db.raw
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all() as { name: string }[];
      return rows.map((row) => row.name);
    },
  };
}

/** The same over PostgreSQL: `?` becomes `$n`; partitions count as their parent table. */
export function pgProbe(pool: pg.Pool): SqlProbe {
  return {
    async all(sql, ...params) {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await pool.query(text, params)).rows as SqlRow[];
    },
    async tables() {
      const { rows } = await pool.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
         ORDER BY c.relname`,
      );
      return rows.map((row) => row.name);
    },
  };
}
