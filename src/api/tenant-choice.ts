import { useQuery } from '@tanstack/react-query';
import type { Operation } from '../../contract/userinfo.ts';
import { tenantsWith } from '../lib/permissions.ts';
import { extensionsQuery } from './extensions.ts';
import { usePermissions } from './userinfo.ts';

export interface TenantChoice {
  /** Tenants where the person may do it, sorted. */
  tenants: string[];
  /** The person must pick one: several tenants allow it and the cloud takes `tenant`. */
  offered: boolean;
}

/**
 * Where a new object (a group, a commissioned node) may go. A cloud without our `tenant` extension
 * puts it in the person's own tenant, so nothing is asked there.
 */
export function useTenantChoice(objectType: string, operation: Operation): TenantChoice {
  const permissions = usePermissions();
  const { data: takesTenant = false } = useQuery({
    ...extensionsQuery(),
    select: (extensions) => extensions.tenantChoice,
  });
  const tenants = tenantsWith(permissions, objectType, operation);
  return { tenants, offered: takesTenant && tenants.length > 1 };
}
