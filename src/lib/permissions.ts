import type { ChannelType } from '../../contract/channel.ts';
import type { Operation } from '../../contract/userinfo.ts';
import { intl, isMessageId, t } from '../i18n/i18n.ts';

/** `"<tenant>:<objectType>"` → operations, as GET /v1/userinfo answers it. */
export type PermissionMap = Readonly<Record<string, readonly Operation[]>>;

export interface Grant {
  tenant: string;
  objectType: string;
  operations: readonly Operation[];
}

/** Splits at the first colon: tenants carry no colon, object types may carry dots. */
export function grantsOf(permissions: PermissionMap): Grant[] {
  return Object.entries(permissions).flatMap(([key, operations]) => {
    const at = key.indexOf(':');
    if (at <= 0) return [];
    return [{ tenant: key.slice(0, at), objectType: key.slice(at + 1), operations }];
  });
}

export function tenantsOf(permissions: PermissionMap): string[] {
  return [...new Set(grantsOf(permissions).map((grant) => grant.tenant))].sort();
}

export function holds(
  permissions: PermissionMap,
  tenant: string,
  objectType: string,
  operation: Operation,
): boolean {
  return permissions[`${tenant}:${objectType}`]?.includes(operation) ?? false;
}

export function tenantsWith(
  permissions: PermissionMap,
  objectType: string,
  operation: Operation,
): string[] {
  return tenantsOf(permissions).filter((tenant) =>
    holds(permissions, tenant, objectType, operation),
  );
}

/**
 * Group channels are `groups`, every other channel is `assets` (docs/decisions/0001-permissions-and-reach.md, "Permissions
 * and reach").
 */
function objectTypeOfChannel(channelType: ChannelType): 'assets' | 'groups' {
  return channelType === 'GROUP' ? 'groups' : 'assets';
}

/**
 * Refused: `reason` in the person's words ("your role does not allow editing nodes and sensors
 * in tenant demo"), `technical` in the cloud's ("needs UPDATE on assets in tenant demo"), for
 * support, shown beside the words.
 */
export type Verdict =
  { allowed: true; tenant: string | null } | { allowed: false; reason: string; technical: string };

type Refusal = Extract<Verdict, { allowed: false }>;

function actionWords(operation: Operation, objectType: string): string {
  const id = `permission.action.${objectType}.${operation}`;
  return isMessageId(id) ? t(id) : t('permission.action.other', { operation, objectType });
}

export function refusal(
  operation: Operation,
  objectType: string,
  tenants: readonly string[],
): Refusal {
  const action = actionWords(operation, objectType);
  const list = intl().formatList(tenants, { type: 'disjunction' });
  const where = tenants.length === 0 ? '' : ` in tenant ${tenants.join(' or ')}`;
  return {
    allowed: false,
    reason:
      tenants.length === 0
        ? t('permission.refusedAnywhere', { action })
        : t('permission.refused', { action, tenants: list }),
    technical: `needs ${operation} on ${objectType}${where}`,
  };
}

/**
 * May the caller do `operation` on an object of `objectType` that already exists?
 *
 * A channel record does not say its tenant. Whoever sees a channel holds READ on its object type
 * in its tenant, so the candidates are the tenants where the caller holds READ. One candidate: the
 * answer is certain. Several: allowed when every candidate grants the operation, refused when none
 * does, and otherwise left to the cloud, whose 403 the console then shows (docs/decisions/).
 */
export function mayOnExisting(
  permissions: PermissionMap,
  objectType: string,
  operation: Operation,
): Verdict {
  const candidates = tenantsWith(permissions, objectType, 'READ');
  const granting = candidates.filter((tenant) => holds(permissions, tenant, objectType, operation));
  if (granting.length === 0) {
    return refusal(operation, objectType, candidates);
  }
  return {
    allowed: true,
    tenant:
      granting.length === candidates.length && granting.length === 1 ? (granting[0] ?? null) : null,
  };
}

/** What the console knows of a channel for its checks: its type and, from our cloud, its tenant. */
export interface ChannelScope {
  channelType: ChannelType;
  tenant?: string | undefined;
}

/**
 * May the caller do `operation` on this channel (or, with `history`, read its history)? The
 * channel's tenant (our cloud's extension field) makes the answer certain; a cloud that leaves it
 * out gets mayOnExisting's guess over the tenants the caller can see such channels in.
 */
export function mayOnChannel(
  permissions: PermissionMap,
  channel: ChannelScope,
  operation: Operation,
  { history = false }: { history?: boolean } = {},
): Verdict {
  const objectType = `${objectTypeOfChannel(channel.channelType)}${history ? '.history' : ''}`;
  const { tenant } = channel;
  if (tenant === undefined) return mayOnExisting(permissions, objectType, operation);
  return holds(permissions, tenant, objectType, operation)
    ? { allowed: true, tenant }
    : refusal(operation, objectType, [tenant]);
}

/** Per tenant where the caller sees objects of `objectType`: may it do `operation` there? */
export function verdictsByTenant(
  permissions: PermissionMap,
  objectType: string,
  operation: Operation,
): { tenant: string; allowed: boolean }[] {
  const seen = objectType.replace(/\.history$/, '');
  return tenantsWith(permissions, seen, 'READ').map((tenant) => ({
    tenant,
    allowed: holds(permissions, tenant, objectType, operation),
  }));
}

/**
 * May the caller create an object (a group, a commissioned node)? It goes into the caller's own
 * tenant, which the profile does not name: allowed when any tenant grants the operation.
 */
export function mayCreate(
  permissions: PermissionMap,
  objectType: string,
  operation: Operation,
): Verdict {
  const granting = tenantsWith(permissions, objectType, operation);
  if (granting.length > 0)
    return { allowed: true, tenant: granting.length === 1 ? (granting[0] ?? null) : null };
  return refusal(operation, objectType, tenantsOf(permissions));
}
