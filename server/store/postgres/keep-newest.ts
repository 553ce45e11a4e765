/**
 * A statement that keeps the newest `$2` rows (by id) of one owner `$1` in a log table and
 * deletes the rest (as ../sqlite/keep-newest.ts).
 */
export const keepNewest = (table: string, ownerColumn: string) => `
  DELETE FROM ${table} WHERE ${ownerColumn} = $1 AND id <= (
    SELECT id FROM ${table} WHERE ${ownerColumn} = $1
    ORDER BY id DESC LIMIT 1 OFFSET $2)`;
