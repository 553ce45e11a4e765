import type * as SchemaModule from './schemas.ts';

export type Schemas = typeof SchemaModule;

let loading: Promise<Schemas> | null = null;

/** One download, shared by every request; starts with the first request at the latest. */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./schemas.ts');
  return loading;
}
