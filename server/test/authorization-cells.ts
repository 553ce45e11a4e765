import { unsubscribeToken } from '../notify/unsubscribe.ts';
import { Webhook } from 'standardwebhooks';
import { operationNeeds, type OperationNeed } from '../routes/operation-needs.ts';
import { signingKey } from '../push/signing.ts';
import type { Operation } from './fuzzer.ts';
import type { DemoUser, TestCloud } from './harness.ts';
import { channelOf } from './fixtures.ts';
import { streamAnswer } from './stream-status.ts';
import type { Model } from './authorization-model.ts';
import { INBOX_SECRET, MISSING, type MatrixWorld } from './authorization-world.ts';

/** Who calls: a demo user (Basic), nobody, or credentials the API must refuse (named). */
export interface Persona {
  name: string;
  user: DemoUser | null;
  headers: Record<string, string>;
  refused: boolean;
}

export interface Cell {
  key: string;
  need: OperationNeed;
  method: string;
  template: string;
  path: Record<string, string>;
  query: Record<string, string>;
  stream: boolean;
  persona: Persona;
}

/**
 * Callers in the order each object meets them: those refused, then the demo users from the
 * least to the most permitted, acme last (for an acme node, admin's 403 comes before acme's
 * decommissioning takes it out of admin's reach).
 */
export function personas(refused: Record<string, Record<string, string>>): Persona[] {
  const basic = (user: DemoUser) => ({
    authorization: `Basic ${Buffer.from(`${user}:demo-${user}`).toString('base64')}`,
  });
  return [
    { name: 'nobody', user: null, headers: {}, refused: false },
    ...Object.entries(refused).map(([name, headers]) => ({
      name,
      user: 'fleet' as const,
      headers,
      refused: true,
    })),
    ...(['support', 'fleet', 'admin', 'acme'] as const).map((user) => ({
      name: user,
      user,
      headers: basic(user),
      refused: false,
    })),
  ];
}

/** Operations that change what later cells see run after those that read it. */
const LATER: Record<string, number> = {
  'PUT /v1/channels/{channelUuid}/push': -1,
  'DELETE /v1/channels/{channelUuid}/push': 1,
  'POST /v1/alarms/{alarmId}/clear': 1,
  'DELETE /v1/push-inboxes/{inboxUuid}': 1,
  'DELETE /v1/nodes/{nodeUuid}': 2,
};

/** Inputs other than the objects, valid, so that only authorization decides. */
const FIXED: Record<string, Record<string, string>> = {
  'PUT /v1/channels/{channelUuid}/properties': { properties: '{"note":"matrix"}' },
  'PUT /v1/channels/{channelUuid}/push': {
    to: 'https://push.example.com/hook',
    interval: '0',
    secret: 'matrix-push-secret',
  },
  'POST /v1/nodes/{nodeSerial}': { name: 'Matrix van' },
};
const BODIES: Record<string, unknown> = {
  'PUT /v1/userinfo/profile': {},
  'PUT /v1/userinfo/notifications': {
    means: ['email'],
    groups: [],
    nodes: [],
    kinds: [],
    severities: [],
    language: 'en',
  },
  'POST /v1/userinfo/notifications/webpush': {
    endpoint: 'https://push.example.com/matrix',
    keys: {
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  'POST /v1/alarms/{alarmId}/acknowledge': { comment: 'matrix' },
  'POST /v1/alarms/{alarmId}/clear': { comment: 'matrix' },
  'POST /v1/push-inboxes': { secret: 'matrix-other-secret' },
  'POST /v1/ingest': { messages: [] },
};

/** Every combination of the options, one record each. */
function product(options: [string, (string | undefined)[]][]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const [name, values] of options) {
    out = out.flatMap((partial) =>
      values.map((value) => (value === undefined ? partial : { ...partial, [name]: value })),
    );
  }
  return out;
}

/** The objects a row's path parameter takes; other path parameters get a new name per cell. */
function pathOptions(need: OperationNeed, name: string, w: MatrixWorld): string[] | undefined {
  const { nodes } = w;
  if (need.channel && !need.channel.in && (need.channel.param ?? 'channelUuid') === name) {
    return w.targets;
  }
  if (need.member?.param === name) {
    return need.member.must === 'reach'
      ? [nodes.x.node.uuid, nodes.acme.sensors.temp]
      : [nodes.n.node.uuid, nodes.acme.node.uuid];
  }
  if (need.alarm?.param === name) return [w.alarms.demo, w.alarms.acme, MISSING];
  if (need.person && !need.person.in && need.person.param === name) {
    return [...Object.values(w.subs), 'no-such-person'];
  }
  if (need.inbox?.param === name) return [w.inboxes.admin, w.inboxes.acme, MISSING];
  if (name === 'channelUuid') return w.targets;
  return undefined;
}

function queryOptions(need: OperationNeed, w: MatrixWorld): [string, (string | undefined)[]][] {
  const options: [string, (string | undefined)[]][] = [];
  if (need.channel?.in === 'query') {
    options.push([need.channel.param ?? 'channelUuid', [undefined, ...w.targets]]);
  }
  if (need.tenant?.chosen === 'query') options.push(['tenant', [undefined, 'demo', 'acme']]);
  if (need.joins) {
    const groups = Object.values(w.groups).map((g) => g.uuid);
    options.push([need.joins.param, [undefined, ...groups, w.nodes.x.node.uuid, MISSING]]);
  }
  if (need.someTenant?.narrowed === 'tenant') options.push(['tenant', [undefined, 'demo', 'acme']]);
  if (need.someTenant?.narrowed === 'channelType') {
    options.push(['channelType', [undefined, 'GROUP', 'NODE']]);
  }
  if (need.person?.in === 'query') {
    options.push([need.person.param, [w.subs.fleet, w.subs.acme]]);
  }
  return options;
}

/**
 * The cells of the matrix: every operation of the document × every object its row speaks of
 * (and the query parameters that narrow it) × every persona, in the order they run.
 */
export function cellsOf(operations: Operation[], w: MatrixWorld, callers: Persona[]): Cell[] {
  const rows = operationNeeds as Record<string, OperationNeed>;
  const ordered = [...operations].sort(
    (a, b) =>
      (LATER[`${a.method.toUpperCase()} ${a.path}`] ?? 0) -
      (LATER[`${b.method.toUpperCase()} ${b.path}`] ?? 0),
  );
  let fresh = 0;
  const cells: Cell[] = [];
  for (const op of ordered) {
    const key = `${op.method.toUpperCase()} ${op.path}`;
    const need = rows[key];
    if (!need) throw new Error(`${key} has no row in operation-needs.ts`);
    const names = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const objects = product(names.map((name) => [name, pathOptions(need, name, w) ?? ['']]));
    const queries = product(queryOptions(need, w));
    for (const objectPath of objects) {
      for (const query of queries) {
        for (const persona of callers) {
          const path = { ...objectPath };
          // A new serial or name for each cell: a create that succeeds never collides.
          for (const name of names) if (path[name] === '') path[name] = `MX-${++fresh}`;
          cells.push({
            key,
            need,
            method: op.method.toUpperCase(),
            template: op.path,
            path,
            query: { ...FIXED[key], ...query },
            stream: op.stream,
            persona,
          });
        }
      }
    }
  }
  return cells;
}

export const urlOf = (cell: Cell) =>
  cell.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(cell.path[name] ?? ''),
  );

/** The cloud's answer to a cell: its status and, for an error, the code its body names. */
export async function answerOf(cloud: TestCloud, cell: Cell, w: MatrixWorld) {
  const url = urlOf(cell);
  const headers = { ...cell.persona.headers };
  if (cell.stream) return streamAnswer(cloud, url, cell.query, headers);
  const options: Parameters<TestCloud['call']>[2] = { as: null, headers, query: cell.query };
  if (cell.key === 'POST /v1/push-inboxes/{inboxUuid}/deliveries') {
    const payload = JSON.stringify({
      channelUuid: w.groups.north.uuid,
      channelName: 'North',
      events: [],
    });
    const id = `msg_matrix_${Math.random().toString(36).slice(2)}`;
    const at = new Date();
    const signature = new Webhook(signingKey(INBOX_SECRET), { format: 'raw' }).sign(
      id,
      at,
      payload,
    );
    Object.assign(headers, {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    });
    options.payload = payload;
  } else if (cell.key === 'POST /v1/notifications/unsubscribe') {
    // A link from a mail of fleet's: sealed by the cloud, as the sender makes it.
    const fleet = await cloud.store.users.findById(cloud.ids.fleet);
    options.query = { token: unsubscribeToken(cloud.services.sealer, fleet?.sub ?? '') };
  } else if (BODIES[cell.key] !== undefined) {
    options.body = BODIES[cell.key];
  }
  const { status, json } = await cloud.call(cell.method as 'GET', url, options);
  return { status, json };
}

/**
 * What a cell that succeeded changed, in the model, or put back in the cloud (a membership
 * added or removed, a group emptied), so that later cells meet the world as it was built.
 */
export async function afterSuccess(cloud: TestCloud, model: Model, cell: Cell): Promise<void> {
  const { path } = cell;
  const id = async (uuid: string | undefined) => (await channelOf(cloud, uuid ?? '')).id;
  const { groups } = cloud.store;
  switch (cell.key) {
    case 'PUT /v1/channels/{channelUuid}/push':
      model.pushed.add(path.channelUuid ?? '');
      return;
    case 'DELETE /v1/channels/{channelUuid}/push':
      model.pushed.delete(path.channelUuid ?? '');
      return;
    case 'POST /v1/groups/{groupUuid}/{sensorUuid}':
      await groups.removeMember(await id(path.groupUuid), await id(path.sensorUuid));
      return;
    case 'DELETE /v1/groups/{groupUuid}/{sensorUuid}':
      await groups.addMember(await id(path.groupUuid), await id(path.sensorUuid), cloud.clock.now);
      return;
    case 'DELETE /v1/groups/{groupUuid}':
      for (const member of model.members.get(path.groupUuid ?? '') ?? []) {
        await groups.addMember(await id(path.groupUuid), await id(member), cloud.clock.now);
      }
      return;
    case 'POST /v1/alarms/{alarmId}/acknowledge':
    case 'POST /v1/alarms/{alarmId}/clear': {
      const alarm = model.alarms.get(path.alarmId ?? '');
      if (alarm) alarm.state = cell.key.endsWith('clear') ? 'cleared' : 'acknowledged';
      return;
    }
    case 'DELETE /v1/push-inboxes/{inboxUuid}':
      model.inboxes.delete(path.inboxUuid ?? '');
      return;
    case 'DELETE /v1/nodes/{nodeUuid}': {
      const channel = model.channels.get(path.nodeUuid ?? '');
      if (channel) channel.active = false;
      return;
    }
  }
}
