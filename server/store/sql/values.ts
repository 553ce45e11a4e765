/** A flag as read from either engine (SQLite answers 0 or 1, PostgreSQL a boolean). */
export function flag(value: boolean | 0 | 1): boolean {
  return value === true || value === 1;
}

/** A JSON column as read from either engine (SQLite answers text, PostgreSQL parsed jsonb). */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** `fields` without those that are null: the domain leaves out what a row holds as NULL. */
export function present<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], null> } {
  const kept = Object.entries(fields).filter(([, value]) => value !== null);
  return Object.fromEntries(kept) as { [K in keyof T]?: Exclude<T[K], null> };
}

/**
 * Rows one multi-row statement carries at most: SQLite takes 32766 parameters, PostgreSQL 65535,
 * and a channel has ten columns.
 */
export const ROWS_PER_STATEMENT = 1000;

/** Values one `IN` list carries at most (SQLite binds each as a parameter). */
export const PARAMETERS_PER_LIST = 10_000;

export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
