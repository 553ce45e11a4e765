import type { SQLInputValue } from 'node:sqlite';
import type { NodeScope } from '../positions.ts';

/**
 * What the main thread asks a read worker (read-worker.ts) and what it answers. Answers travel
 * by structured clone, whose cost grows with the number of objects rather than bytes: rows come
 * back as one array per column, and positions as the JSON text the route sends
 * (docs/decisions/0106-sqlite-reads-on-workers.md).
 */
export type ReadJob =
  | {
      kind: 'rows';
      sql: string;
      parameters: SQLInputValue[] | Record<string, SQLInputValue>;
    }
  | { kind: 'latest'; scopes: ScopeColumns; from: number; to: number };

/** Rows as columns: `values[c][r]` is column `columns[c]` of row r. */
export interface RowColumns {
  columns: string[];
  values: unknown[][];
}

/** NodeScope[] as columns (positions.ts): no object per node on the way to the worker. */
export interface ScopeColumns {
  ids: Float64Array;
  uuids: string[];
  names: string[];
  /** `all` of each node; NaN for none. */
  all: Float64Array;
  /** `only` flattened: node index, sensor id, since; one triple per entry. */
  only: Float64Array;
}

export type ReadAnswer =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** NodeScope[] as columns, for the way to a worker. */
export function scopeColumns(scopes: readonly NodeScope[]): ScopeColumns {
  const ids = new Float64Array(scopes.length);
  const all = new Float64Array(scopes.length);
  const uuids: string[] = [];
  const names: string[] = [];
  const only: number[] = [];
  scopes.forEach((scope, i) => {
    ids[i] = scope.id;
    all[i] = scope.all ?? NaN;
    uuids.push(scope.uuid);
    names.push(scope.name);
    for (const [sensorId, since] of scope.only ?? []) only.push(i, sensorId, since);
  });
  return { ids, uuids, names, all, only: Float64Array.from(only) };
}

/** The NodeScope[] that `scopeColumns` was given. */
export function scopesOf(columns: ScopeColumns): NodeScope[] {
  const scopes: NodeScope[] = [];
  columns.ids.forEach((id, i) => {
    const scope: NodeScope = { id, uuid: columns.uuids[i] ?? '', name: columns.names[i] ?? '' };
    const all = columns.all[i] ?? NaN;
    if (!Number.isNaN(all)) scope.all = all;
    scopes.push(scope);
  });
  for (let k = 0; k + 2 < columns.only.length; k += 3) {
    const scope = scopes[columns.only[k] ?? -1];
    if (scope === undefined) continue;
    (scope.only ??= new Map()).set(columns.only[k + 1] ?? 0, columns.only[k + 2] ?? 0);
  }
  return scopes;
}

/** Rows as columns (`RowColumns`), from the arrays node:sqlite answers with setReturnArrays. */
export function toColumns(columns: string[], rows: readonly unknown[][]): RowColumns {
  const values = columns.map((_, c) => rows.map((row) => row[c]));
  return { columns, values };
}

/** The rows `toColumns` was given, as objects keyed by column name. */
export function rowsOf<O>({ columns, values }: RowColumns): O[] {
  const count = values[0]?.length ?? 0;
  const rows: O[] = [];
  for (let r = 0; r < count; r++) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) row[columns[c] ?? ''] = values[c]?.[r];
    rows.push(row as O);
  }
  return rows;
}

/** The rows `toColumns` was given, as arrays (what setReturnArrays answers). */
export function arraysOf<O>({ values }: RowColumns): O[] {
  const count = values[0]?.length ?? 0;
  const rows: O[] = [];
  for (let r = 0; r < count; r++) rows.push(values.map((column) => column[r]) as O);
  return rows;
}
