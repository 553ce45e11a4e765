import type { Api } from './sql/queries.ts';
import type { SqlPermissionSetGroupStore } from './sql/permission-set-groups.ts';
/** A group a permission set reaches. */
export interface ReachedGroup {
  id: number;
  uuid: string;
  name: string;
  tenant: string;
}

export interface PermissionSetReach {
  name: string;
  description: string;
  groups: ReachedGroup[];
}

export type PermissionSetGroupStore = Api<SqlPermissionSetGroupStore>;
