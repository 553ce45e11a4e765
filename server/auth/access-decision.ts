import type { Operation } from '../../contract/userinfo.ts';
import type { Channel } from '../store/channels.ts';

/** What a route needs of the channel its path names. */
export interface ChannelNeed {
  /** The path parameter with the channel's uuid (default `channelUuid`). */
  param?: string;
  /** The kind of channel the operation works on; another kind answers 400. */
  is?: 'group' | 'node' | 'active gateway';
  /** Needed on the channel's object type (`on: 'history'`: its history type); 403 without. */
  operation?: Operation;
  on?: 'object' | 'history';
  /** The channel must be active (a node not yet decommissioned); 409 otherwise. */
  must?: 'active';
  /** What the caller is doing, for the 403's message: "setting push". */
  action: string;
}

/** A permission in a tenant: what a 403 names as missing. */
export interface Permission {
  tenant: string;
  objectType: string;
  operation: Operation;
}

/**
 * How the cloud answers a request on a channel, decided in one place: the routes act on it
 * (channel-access.ts) and the access explainer reports it (routes/access.ts), so the two cannot
 * disagree (docs/decisions/0071-people-and-access.md).
 */
export type AccessDecision =
  | { status: 200; permission?: Permission }
  | { status: 404; message: string }
  | { status: 400; message: string }
  | { status: 403; message: string; permission: Permission }
  | { status: 409; message: string; permission?: Permission };

const kinds: Record<NonNullable<ChannelNeed['is']>, (channel: Channel) => string | undefined> = {
  group: (c) =>
    c.type === 'GROUP' ? undefined : `Channel ${c.uuid} is a ${c.type} channel, not a group.`,
  node: (c) =>
    c.type === 'NODE' || c.type === 'GATEWAY'
      ? undefined
      : `Channel ${c.uuid} is a ${c.type} channel, not a node.`,
  'active gateway': (c) =>
    c.type === 'GATEWAY' && c.active ? undefined : `Channel ${c.uuid} is not an active gateway.`,
};

/** What is asked of someone who can say whether they hold a permission. */
export interface PermissionHolder {
  can(tenant: string, objectType: string, operation: Operation): boolean;
}

/**
 * The answer to `need` on `channel` (undefined: no such channel) for `who`, who reaches it or
 * not: 404 out of reach (as if missing, docs/decisions/0001-permissions-and-reach.md), 400 the
 * wrong kind, 403 a missing permission, 409 no longer active, in that order.
 */
export function decideChannel(
  who: PermissionHolder,
  uuid: string,
  channel: Channel | undefined,
  reachable: boolean,
  need: ChannelNeed,
): AccessDecision {
  if (!channel || !reachable) {
    return { status: 404, message: `Channel ${uuid} does not exist or is not within your reach.` };
  }
  const wrongKind = need.is && kinds[need.is](channel);
  if (wrongKind) return { status: 400, message: wrongKind };
  let permission: Permission | undefined;
  if (need.operation) {
    const objectType = objectTypeOf(channel);
    permission = {
      tenant: channel.tenant,
      objectType: need.on === 'history' ? `${objectType}.history` : objectType,
      operation: need.operation,
    };
    if (!who.can(permission.tenant, permission.objectType, permission.operation)) {
      return {
        status: 403,
        message: refusal(need.action, permission),
        permission,
      };
    }
  }
  if (need.must === 'active' && !channel.active) {
    return {
      status: 409,
      message: `Node ${channel.reference ?? channel.name} is already decommissioned.`,
      ...(permission ? { permission } : {}),
    };
  }
  return permission ? { status: 200, permission } : { status: 200 };
}

/** The 403's message, e.g. "Refused: setting push needs UPDATE on assets in tenant demo." */
export function refusal(action: string, p: Permission): string {
  return `Refused: ${action} needs ${p.operation} on ${p.objectType} in tenant ${p.tenant}.`;
}

/** The object type holding a channel's permissions (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"). */
export function objectTypeOf(channel: Pick<Channel, 'type'>): 'assets' | 'groups' {
  return channel.type === 'GROUP' ? 'groups' : 'assets';
}
