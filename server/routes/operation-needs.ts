import type { Operation } from '../../contract/userinfo.ts';
import type { ChannelNeed } from '../auth/access-decision.ts';

/** A permission the caller must hold in a tenant the request decides (403 without). */
export interface TenantNeed {
  objectType: string;
  operation: Operation;
  action: string;
}

/**
 * What one operation of the API needs, declared once (docs/decisions/0111-one-table-of-needs.md).
 * The routes read their row (app.ts takes `credentials` from it for every route, channel-access.ts
 * and the handlers take the rest), and server/routes/authorization-matrix.test.ts derives the
 * answer of every operation × caller × object from it, so the table, the code and the test
 * cannot tell three different stories.
 */
export interface OperationNeed {
  /** Who may call: anyone (credentials are not looked at), a gateway's key, or (the default) a
   * signed-in user; anyone else is answered 401. */
  credentials?: 'none' | 'gateway' | 'user';
  /**
   * The channel a path parameter (or with `in: 'query'`, a query parameter, when sent) names:
   * 404 out of reach, 400 the wrong kind, 403 without the permission in the channel's tenant,
   * 409 when it must be active and is not (auth/access-decision.ts).
   */
  channel?: ChannelNeed & { in?: 'query' };
  /** The second channel of a membership: `reach` it must be in reach (404) and a node or
   * sensor of the group's tenant, active (400); `member` it must be a member (404). */
  member?: { param: string; must: 'reach' | 'member' };
  /** A permission in the tenant the new object goes into: the `tenant` query parameter when the
   * row says so and it is sent, otherwise the caller's own. */
  tenant?: TenantNeed & { chosen?: 'query' };
  /** With the tenant's permission: a group the new node joins (query `channelUuid`) must be in
   * reach (403 otherwise), a group (400) of the same tenant (400). */
  joins?: { param: string };
  /** The permission in at least one tenant, on one of `objectTypes` (403 in none); `narrowed`:
   * the query parameter that narrows it (`tenant`: that tenant only; `channelType`: GROUP asks
   * for groups, the others for assets). */
  someTenant?: {
    objectTypes: readonly string[];
    operation: Operation;
    action: string;
    narrowed?: 'tenant' | 'channelType';
  };
  /** The alarm the path names: seen as its node's history is (404 out of reach, 403 reachable
   * without history), then `then` on the alarm's tenant (403). */
  alarm?: { param: string; then?: TenantNeed; must: 'raised' | 'not cleared' };
  /** Besides permissions: the channel must have push configured (404 otherwise). */
  requires?: 'push';
  /** A person (path or query parameter): READ on users in their tenant, else 404 as no one;
   * `andChannel`: also in the tenant of the channel the path names, else 404. */
  person?: { param: string; in?: 'query'; andChannel?: true };
  /** A push inbox that exists (404 otherwise); `own`: the caller's own (404 otherwise, as one
   * that does not exist). Its deliveries are checked by their signature instead (401). */
  inbox?: { param: string; own?: true };
}

const channelRead = (action: string) => ({ channel: { operation: 'READ', action } }) as const;
const channelUpdate = (action: string) => ({ channel: { operation: 'UPDATE', action } }) as const;
const group = (operation: Operation, action: string) =>
  ({ param: 'groupUuid', is: 'group', operation, action }) as const;
const signedIn = {} as const;
const anyone = { credentials: 'none' } as const;

/** Every operation, by `METHOD /path` as /v1/openapi.json spells it. */
export const operationNeeds = {
  'GET /livez': anyone,
  'GET /readyz': anyone,
  'GET /v1/admin/ping': anyone,
  'GET /v1/openapi.json': anyone,
  'GET /v1/userinfo': signedIn,
  'PUT /v1/userinfo/profile': signedIn,
  'GET /v1/userinfo/notifications': signedIn,
  'PUT /v1/userinfo/notifications': signedIn,
  'GET /v1/userinfo/notifications/deliveries': signedIn,
  'POST /v1/userinfo/notifications/test': signedIn,
  'GET /v1/userinfo/notifications/webpush': signedIn,
  'POST /v1/userinfo/notifications/webpush': signedIn,
  'POST /v1/notifications/unsubscribe': anyone,
  'GET /v1/channels': {
    someTenant: {
      objectTypes: ['assets', 'groups'],
      operation: 'READ',
      action: 'listing channels',
      narrowed: 'channelType',
    },
  },
  'GET /v1/channels/{channelUuid}': channelRead('reading a channel'),
  'PUT /v1/channels/{channelUuid}/properties': channelUpdate('setting properties'),
  'DELETE /v1/channels/{channelUuid}/properties': channelUpdate('removing properties'),
  'PUT /v1/channels/{channelUuid}/push': channelUpdate('setting push'),
  'DELETE /v1/channels/{channelUuid}/push': channelUpdate('removing push'),
  'GET /v1/channels/{channelUuid}/push/deliveries': channelRead('reading the delivery log'),
  'GET /v1/channels/{channelUuid}/push/health': {
    ...channelRead('reading push health'),
    requires: 'push',
  },
  'POST /v1/channels/{channelUuid}/push/test': {
    ...channelUpdate('sending a test event'),
    requires: 'push',
  },
  'GET /v1/channels/{channelUuid}/reach': channelRead('reading a channel'),
  'GET /v1/push/health': signedIn,
  'GET /v1/channels/{channelUuid}/history': {
    channel: { operation: 'READ', on: 'history', action: 'reading history' },
  },
  'GET /v1/channels/{channelUuid}/events': {
    channel: { operation: 'READ', on: 'history', action: 'streaming events' },
  },
  'GET /v1/events': {
    someTenant: {
      objectTypes: ['assets.history', 'groups.history'],
      operation: 'READ',
      action: 'streaming the fleet’s events',
    },
  },
  'GET /v1/positions': {
    channel: {
      param: 'group',
      in: 'query',
      is: 'group',
      operation: 'READ',
      on: 'history',
      action: 'reading positions of a group',
    },
  },
  'GET /v1/alarms': {
    channel: {
      param: 'channel',
      in: 'query',
      operation: 'READ',
      on: 'history',
      action: 'reading alarms',
    },
  },
  // 409 once someone acknowledged or cleared it.
  'POST /v1/alarms/{alarmId}/acknowledge': { alarm: { param: 'alarmId', must: 'raised' } },
  'POST /v1/alarms/{alarmId}/clear': {
    alarm: {
      param: 'alarmId',
      must: 'not cleared',
      then: { objectType: 'assets', operation: 'UPDATE', action: 'clearing an alarm' },
    },
  },
  'POST /v1/nodes/{nodeSerial}': {
    tenant: {
      objectType: 'assets',
      operation: 'COMMISSION',
      action: 'commissioning a node',
      chosen: 'query',
    },
    joins: { param: 'channelUuid' },
  },
  'DELETE /v1/nodes/{nodeUuid}': {
    channel: {
      param: 'nodeUuid',
      is: 'node',
      operation: 'DELETE',
      must: 'active',
      action: 'decommissioning a node',
    },
  },
  'POST /v1/groups/{groupName}': {
    tenant: {
      objectType: 'groups',
      operation: 'CREATE',
      action: 'creating a group',
      chosen: 'query',
    },
  },
  'GET /v1/groups/{groupUuid}': { channel: group('READ', 'listing members') },
  'POST /v1/groups/{groupUuid}/{sensorUuid}': {
    channel: group('UPDATE', 'adding a member'),
    member: { param: 'sensorUuid', must: 'reach' },
  },
  'DELETE /v1/groups/{groupUuid}/{sensorUuid}': {
    channel: group('UPDATE', 'removing a member'),
    member: { param: 'sensorUuid', must: 'member' },
  },
  'DELETE /v1/groups/{groupUuid}': { channel: group('DELETE', 'removing all members') },
  'POST /v1/gateways/{gatewaySerial}': {
    tenant: { objectType: 'assets', operation: 'COMMISSION', action: 'registering a gateway' },
  },
  'POST /v1/gateways/{gatewayUuid}/key': {
    channel: {
      param: 'gatewayUuid',
      is: 'active gateway',
      operation: 'UPDATE',
      action: 'issuing a gateway key',
    },
  },
  'POST /v1/ingest': { credentials: 'gateway' },
  'GET /v1/audit': {
    someTenant: {
      objectTypes: ['audit'],
      operation: 'READ',
      action: 'reading the audit trail',
      narrowed: 'tenant',
    },
  },
  'GET /v1/users': {
    someTenant: { objectTypes: ['users'], operation: 'READ', action: 'looking people up' },
  },
  'GET /v1/users/{userId}': { person: { param: 'userId' } },
  'GET /v1/users/{userId}/notifications': { person: { param: 'userId' } },
  'GET /v1/channels/lookup': {
    someTenant: { objectTypes: ['users'], operation: 'READ', action: 'looking channels up' },
  },
  'GET /v1/channels/{channelUuid}/access': {
    person: { param: 'user', in: 'query', andChannel: true },
  },
  'POST /v1/push-inboxes': {
    someTenant: {
      objectTypes: ['assets', 'groups'],
      operation: 'UPDATE',
      action: 'a push inbox',
    },
  },
  'GET /v1/push-inboxes': signedIn,
  'GET /v1/push-inboxes/{inboxUuid}': { inbox: { param: 'inboxUuid', own: true } },
  'DELETE /v1/push-inboxes/{inboxUuid}': { inbox: { param: 'inboxUuid', own: true } },
  'POST /v1/push-inboxes/{inboxUuid}/deliveries': { ...anyone, inbox: { param: 'inboxUuid' } },
  'GET /v1/places/reverse': signedIn,
} as const satisfies Record<string, OperationNeed>;

/** The row of a route as Fastify names it (`/v1/channels/:channelUuid`), if it has one. */
export function needOfRoute(method: string, url: string): OperationNeed | undefined {
  const key = `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
  return (operationNeeds as Record<string, OperationNeed>)[key];
}
