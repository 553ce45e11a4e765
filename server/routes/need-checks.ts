import type { Caller } from '../auth/caller.ts';
import { forbidden } from '../http/errors.ts';
import type { OperationNeed } from './operation-needs.ts';

type SomeTenant = NonNullable<OperationNeed['someTenant']>;

/**
 * A row's `someTenant`: 403 unless the caller holds its operation on one of `objectTypes` (the
 * row's, or the part of them a request asks about) in at least one tenant.
 */
export function requireSomeTenant(
  caller: Caller,
  need: SomeTenant,
  objectTypes: readonly string[] = need.objectTypes,
): void {
  if (objectTypes.some((type) => caller.tenantsWith(type, need.operation).length > 0)) return;
  throw forbidden(
    `Refused: ${need.action} needs ${need.operation} on ${objectTypes.join(' or ')} in a tenant.`,
  );
}

type TenantChoiceNeed = NonNullable<OperationNeed['tenant']>;

/**
 * A row's `tenant`: the tenant a new object goes into (the `tenant` query parameter when the row
 * lets the request choose and it is sent, otherwise the caller's own), once the caller's
 * permission there is checked (403 without).
 */
export function requireTenant(
  caller: Caller,
  need: TenantChoiceNeed,
  chosen?: string | undefined,
): string {
  const tenant = (need.chosen === 'query' ? chosen : undefined) ?? caller.user.tenant;
  caller.require(tenant, need.objectType, need.operation, need.action);
  return tenant;
}
