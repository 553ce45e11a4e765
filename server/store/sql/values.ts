/** A flag as read from either engine (SQLite answers 0 or 1, PostgreSQL a boolean). */
export function flag(value: boolean | 0 | 1): boolean {
  return value === true || value === 1;
}

/** A JSON column as read from either engine (SQLite answers text, PostgreSQL parsed jsonb). */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
