import type { Operation } from '../../contract/userinfo.ts';
import { t } from '../i18n/i18n.ts';
import {
  mayCreate,
  refusal,
  verdictsByTenant,
  type PermissionMap,
  type Verdict,
} from './permissions.ts';

/**
 * One of the console's actions for the profile's summary. `tenants` says, per tenant where the
 * caller sees such objects, whether the action is allowed there: "Yes" to editing nodes is only
 * true of every tenant when every tenant grants it.
 */
export interface Capability {
  action: string;
  /** Allowed in every tenant where it applies (or, for creating, in the caller's own). */
  verdict: Verdict;
  tenants: { tenant: string; allowed: boolean }[];
  /** What is missing where it is refused. */
  needs: string;
}

function onExisting(
  permissions: PermissionMap,
  action: string,
  objectType: string,
  operation: Operation,
): Capability {
  const tenants = verdictsByTenant(permissions, objectType, operation);
  const refused = tenants.filter((each) => !each.allowed).map((each) => each.tenant);
  const verdict: Verdict =
    tenants.length > 0 && refused.length === 0
      ? { allowed: true, tenant: tenants.length === 1 ? (tenants[0]?.tenant ?? null) : null }
      : refusal(operation, objectType, refused);
  return { action, verdict, tenants, needs: verdict.allowed ? '' : verdict.reason };
}

function toCreate(
  permissions: PermissionMap,
  action: string,
  objectType: string,
  operation: Operation,
): Capability {
  const verdict = mayCreate(permissions, objectType, operation);
  return { action, verdict, tenants: [], needs: verdict.allowed ? '' : verdict.reason };
}

/**
 * The console's actions in plain words, each with the permission it needs (docs/decisions/0001-permissions-and-reach.md,
 * "Permissions and reach").
 */
export function capabilitiesOf(permissions: PermissionMap): Capability[] {
  const existing = (action: string, objectType: string, operation: Operation) =>
    onExisting(permissions, action, objectType, operation);
  return [
    existing(t('capability.seeAssets'), 'assets', 'READ'),
    existing(t('capability.seeGroups'), 'groups', 'READ'),
    existing(t('capability.assetHistory'), 'assets.history', 'READ'),
    existing(t('capability.groupHistory'), 'groups.history', 'READ'),
    existing(t('capability.editAssets'), 'assets', 'UPDATE'),
    existing(t('capability.editGroups'), 'groups', 'UPDATE'),
    toCreate(permissions, t('capability.createGroups'), 'groups', 'CREATE'),
    existing(t('capability.members'), 'groups', 'UPDATE'),
    existing(t('capability.removeAllMembers'), 'groups', 'DELETE'),
    toCreate(permissions, t('capability.commission'), 'assets', 'COMMISSION'),
    existing(t('capability.decommission'), 'assets', 'DELETE'),
  ];
}
