/**
 * A statement that keeps the newest `$kept` rows (by id) of one `$owner` in a log table and
 * deletes the rest; logs stay bounded however busy a channel or inbox is.
 */
export const keepNewest = (table: string, ownerColumn: string) => `
  DELETE FROM ${table} WHERE ${ownerColumn} = $owner AND id <= (
    SELECT id FROM ${table} WHERE ${ownerColumn} = $owner
    ORDER BY id DESC LIMIT 1 OFFSET $kept)`;
