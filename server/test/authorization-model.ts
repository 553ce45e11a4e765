import type { ChannelNeed } from '../auth/access-decision.ts';
import type { OperationNeed, TenantNeed } from '../routes/operation-needs.ts';
import { demoProfiles } from './demo-profiles.ts';
import type { DemoUser } from './harness.ts';

/** What a cell must be answered: a status, and for an error the code of its body. */
export interface Verdict {
  status: number;
  /** Why, for a failing cell's report. */
  why: string;
}

const allow: Verdict = { status: 200, why: 'allowed' };
const v = (status: number, why: string): Verdict => ({ status, why });

interface ModelChannel {
  type: 'GROUP' | 'NODE' | 'SENSOR' | 'GATEWAY';
  tenant: string;
  active: boolean;
}

/**
 * The world as the test knows it, written out (world.ts, demo-profiles.ts), never asked of the
 * cloud: who holds what, who reaches what, what each channel is, and the few things the cells
 * themselves change (an alarm acknowledged, a push set, an inbox deleted).
 */
export interface Model {
  channels: Map<string, ModelChannel>;
  reach: Record<DemoUser, Set<string>>;
  /** Group uuid → its members' uuids (nodes). */
  members: Map<string, Set<string>>;
  tenantOf: Record<DemoUser, string>;
  /** Person id (sub) → their tenant. */
  people: Map<string, string>;
  /** Alarm uuid → its node and state. */
  alarms: Map<
    string,
    { node: string; tenant: string; state: 'raised' | 'acknowledged' | 'cleared' }
  >;
  /** Inbox uuid → its owner, while it exists. */
  inboxes: Map<string, DemoUser>;
  /** Channels with push configured. */
  pushed: Set<string>;
}

/** What a cell sends, as far as its verdict depends on it. */
export interface CellInput {
  user: DemoUser | null;
  path: Record<string, string>;
  query: Record<string, string>;
}

const grants = new Map(demoProfiles.map((p) => [p.username, p.permissions]));

/** A demo user's permission, from demo-profiles.ts (what the README promises). */
function can(user: DemoUser, tenant: string, objectType: string, operation: string) {
  const held: Record<string, readonly string[]> = grants.get(user) ?? {};
  return held[`${tenant}:${objectType}`]?.includes(operation) ?? false;
}

const typeOf = (c: ModelChannel) => (c.type === 'GROUP' ? 'groups' : 'assets');
const holdsSomewhere = (user: DemoUser, objectType: string, operation: string) =>
  ['demo', 'acme'].some((tenant) => can(user, tenant, objectType, operation));

/** A channel need of the table against the model: 404, 400, 403, 409 in the routes' order. */
function channelVerdict(m: Model, user: DemoUser, uuid: string, need: ChannelNeed) {
  const c = m.channels.get(uuid);
  if (!c || !m.reach[user].has(uuid)) return v(404, 'out of reach');
  const kindOk =
    need.is === undefined ||
    (need.is === 'group' && c.type === 'GROUP') ||
    (need.is === 'node' && (c.type === 'NODE' || c.type === 'GATEWAY')) ||
    (need.is === 'active gateway' && c.type === 'GATEWAY' && c.active);
  if (!kindOk) return v(400, `a ${c.type} is not a ${need.is ?? ''}`);
  if (need.operation) {
    const objectType = need.on === 'history' ? `${typeOf(c)}.history` : typeOf(c);
    if (!can(user, c.tenant, objectType, need.operation)) {
      return v(403, `no ${need.operation} on ${objectType} in ${c.tenant}`);
    }
  }
  if (need.must === 'active' && !c.active) return v(409, 'not active');
  return undefined;
}

const tenantVerdict = (user: DemoUser, tenant: string, need: TenantNeed) =>
  can(user, tenant, need.objectType, need.operation)
    ? undefined
    : v(403, `no ${need.operation} on ${need.objectType} in ${tenant}`);

/** Whether the alarm's node's history is readable: as its own, or through a reachable group. */
function seesAlarm(m: Model, user: DemoUser, node: string, tenant: string) {
  if (!m.reach[user].has(node)) return false;
  if (can(user, tenant, 'assets.history', 'READ')) return true;
  return [...m.members].some(
    ([group, members]) =>
      members.has(node) &&
      m.reach[user].has(group) &&
      can(user, m.channels.get(group)?.tenant ?? '', 'groups.history', 'READ'),
  );
}

/**
 * The answer the table promises for a signed-in demo user (credentials are the caller's
 * business: see verdictOf), derived from the row and the model, in the order each kind of check
 * is made: the channel, the membership, the tenant, some tenant, then the row's subject.
 */
function userVerdict(m: Model, need: OperationNeed, input: CellInput, user: DemoUser): Verdict {
  const { path, query } = input;
  if (need.channel) {
    const param = need.channel.param ?? 'channelUuid';
    const uuid = need.channel.in === 'query' ? query[param] : path[param];
    const refused = uuid === undefined ? undefined : channelVerdict(m, user, uuid, need.channel);
    if (refused) return refused;
  }
  if (need.requires === 'push' && !m.pushed.has(path.channelUuid ?? '')) {
    return v(404, 'no push configured');
  }
  if (need.member) {
    const group = path.groupUuid ?? '';
    const member = path[need.member.param] ?? '';
    const c = m.channels.get(member);
    if (need.member.must === 'member') {
      const isMember = [...(m.members.get(group) ?? [])].includes(member);
      if (!isMember) return v(404, 'not a member');
    } else {
      if (!c || !m.reach[user].has(member)) return v(404, 'member out of reach');
      if (c.type === 'GROUP' || !c.active) return v(400, 'a group or inactive member');
      if (c.tenant !== m.channels.get(group)?.tenant) return v(400, 'member of another tenant');
    }
  }
  if (need.tenant) {
    const tenant = (need.tenant.chosen === 'query' ? query.tenant : undefined) ?? m.tenantOf[user];
    const refused = tenantVerdict(user, tenant, need.tenant);
    if (refused) return refused;
    if (need.joins && query[need.joins.param] !== undefined) {
      const group = m.channels.get(query[need.joins.param] ?? '');
      if (!group || !m.reach[user].has(query[need.joins.param] ?? '')) {
        return v(403, 'joins a group out of reach');
      }
      if (group.type !== 'GROUP') return v(400, 'joins a channel that is no group');
      if (group.tenant !== tenant) return v(400, 'joins a group of another tenant');
    }
  }
  if (need.someTenant) {
    const { objectTypes, operation, narrowed } = need.someTenant;
    const asked = narrowed === undefined ? undefined : query[narrowed];
    const types =
      narrowed === 'channelType' && asked !== undefined
        ? [asked === 'GROUP' ? 'groups' : 'assets']
        : objectTypes;
    const held = types.some((type) =>
      narrowed === 'tenant' && asked !== undefined
        ? can(user, asked, type, operation)
        : holdsSomewhere(user, type, operation),
    );
    if (!held) return v(403, `no ${operation} on ${types.join(' or ')}`);
  }
  if (need.alarm) {
    const alarm = m.alarms.get(path[need.alarm.param] ?? '');
    if (!alarm) return v(404, 'no such alarm');
    if (!seesAlarm(m, user, alarm.node, alarm.tenant)) {
      return m.reach[user].has(alarm.node)
        ? v(403, 'node without history')
        : v(404, 'out of reach');
    }
    if (need.alarm.then) {
      const refused = tenantVerdict(user, alarm.tenant, need.alarm.then);
      if (refused) return refused;
    }
    const decided =
      need.alarm.must === 'raised' ? alarm.state !== 'raised' : alarm.state === 'cleared';
    if (decided) return v(409, `already ${alarm.state}`);
  }
  if (need.person) {
    const id = (need.person.in === 'query' ? query : path)[need.person.param] ?? '';
    const tenant = m.people.get(id);
    if (tenant === undefined || !can(user, tenant, 'users', 'READ'))
      return v(404, 'no such person');
    if (need.person.andChannel) {
      const c = m.channels.get(path.channelUuid ?? '');
      if (!c || !can(user, c.tenant, 'users', 'READ')) return v(404, 'channel not explainable');
    }
  }
  return inboxVerdict(m, need, path, user) ?? allow;
}

function inboxVerdict(
  m: Model,
  need: OperationNeed,
  path: Record<string, string>,
  user: DemoUser | null,
): Verdict | undefined {
  if (!need.inbox) return undefined;
  const owner = m.inboxes.get(path[need.inbox.param] ?? '');
  if (owner === undefined) return v(404, 'no such inbox');
  if (need.inbox.own && owner !== user) return v(404, 'not their inbox');
  return undefined;
}

/** The verdict of the table for one cell; `refusedCredentials`: credentials the API must refuse. */
export function verdictOf(
  m: Model,
  need: OperationNeed,
  input: CellInput,
  refusedCredentials: boolean,
): Verdict {
  const credentials = need.credentials ?? 'user';
  if (credentials === 'none') return inboxVerdict(m, need, input.path, null) ?? allow;
  if (credentials === 'gateway') return v(401, 'not a gateway');
  if (input.user === null || refusedCredentials) return v(401, 'not signed in');
  return userVerdict(m, need, input, input.user);
}
