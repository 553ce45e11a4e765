import { auditChannel, changeBy, type ChangeBy } from '../audit/change-by.ts';
import { z } from 'zod';
import {
  Alarm,
  AlarmKind,
  AlarmPage,
  AlarmSeverity,
  ALARM_COMMENT_MAX_LENGTH,
} from '../../contract/alarms.ts';
import type { Services } from '../services.ts';
import type { Caller } from '../auth/caller.ts';
import { callerOf } from '../auth/authenticate.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { countUpTo, EpochMs, Uuid } from '../schemas/params.ts';
import type { AlarmFilter, AlarmView } from '../store/alarms.ts';
import type { NodeScope } from '../store/positions.ts';
import { toAlarm, type AlarmEvent } from '../alarms/alarm-json.ts';
import type { AlarmChanges } from '../store/alarms.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { fleetScope } from './fleet-scope.ts';

const TAGS = ['extension'];
const DEFAULT_COUNT = 100;
const MAX_COUNT = 1_000;

const AlarmStateFilter = z.enum(['raised', 'acknowledged', 'active', 'cleared'], {
  error: 'must be one of raised, acknowledged, active, cleared',
});

/** `<raisedAt>.<id>`, opaque to clients. */
const Cursor = z
  .string()
  .regex(/^\d{1,15}\.\d{1,15}$/, 'must be the `next` of a previous page')
  .transform((text) => {
    const [raisedAt, id] = text.split('.').map(Number);
    return { raisedAt: raisedAt ?? 0, id: id ?? 0 };
  });

const comment = (required: boolean) =>
  z.strictObject({
    comment: required
      ? z
          .string()
          .trim()
          .min(1, 'say why it is cleared')
          .max(ALARM_COMMENT_MAX_LENGTH, `at most ${ALARM_COMMENT_MAX_LENGTH} characters`)
      : z
          .string()
          .trim()
          .max(ALARM_COMMENT_MAX_LENGTH, `at most ${ALARM_COMMENT_MAX_LENGTH} characters`)
          .default(''),
  });

const since = (scope: NodeScope) =>
  scope.all ?? Math.min(...(scope.only ? [...scope.only.values()] : [Infinity]));

/**
 * Nodes whose alarms the caller may see (reach and permissions as history), with since when.
 * Kept between requests until reach changes (docs/decisions/0143-alarms-reach-kept.md): for a
 * caller reaching 10,000 nodes it is nearly all of a page's work.
 */
function nodesInReach(services: Services, caller: Caller): Promise<AlarmFilter['nodes']> {
  // Beside reach, the answer depends on the tenants where the caller may read either history.
  const tenants = (objectType: string) => caller.tenantsWith(objectType, 'READ').sort();
  const key = JSON.stringify(['alarms', tenants('assets.history'), tenants('groups.history')]);
  return services.reach.kept(caller.user.id, key, async () => {
    const { scopes } = await fleetScope(services.store.positions, caller);
    // Shared by every request until reach changes: nobody may change it.
    return Object.freeze(
      scopes.map((scope) => Object.freeze({ id: scope.id, since: since(scope) })),
    );
  });
}

/** The alarm, when the caller may see it: 404 out of reach, 403 without history permission. */
async function alarmFor(services: Services, caller: Caller, uuid: string): Promise<AlarmView> {
  const missing = () => notFound(`Alarm ${uuid} does not exist or is not within your reach.`);
  const alarm = await services.store.alarms.find(uuid);
  if (!alarm) throw missing();
  const visible = (await nodesInReach(services, caller)).find((node) => node.id === alarm.node_id);
  if (visible && (alarm.raised_at ?? 0) >= visible.since) return alarm;
  const node = await services.store.channels.findById(alarm.node_id);
  if (node && (await services.store.channels.isReachable(caller.user.id, node))) {
    throw forbidden(
      `Alarms of ${node.name} need READ on assets.history in tenant ${node.tenant}, as its history does.`,
    );
  }
  throw missing();
}

/** The alarm's columns a person's decision sets: who, when and their comment. */
function decision(type: 'acknowledged' | 'cleared', comment: string, by: ChangeBy): AlarmChanges {
  return type === 'acknowledged'
    ? {
        acknowledged_at: by.at,
        acknowledged_by: by.actor,
        acknowledged_comment: comment,
        updated_at: by.at,
      }
    : {
        status: 'cleared',
        cleared_at: by.at,
        cleared_by: by.actor,
        cleared_comment: comment,
        updated_at: by.at,
      };
}

/**
 * A person's decision on an alarm, and its entry in the event log for streams (and push), in
 * one transaction; undefined when someone else decided first (the row no longer qualifies).
 */
async function decide(
  services: Services,
  type: 'acknowledged' | 'cleared',
  uuid: string,
  comment: string,
  by: ChangeBy,
): Promise<Alarm | undefined> {
  const { store, bus, now } = services;
  const done = await store.transaction(async (tx) => {
    const changes = decision(type, comment, by);
    if (!(await tx.alarms.decide(uuid, changes, type === 'acknowledged'))) return undefined;
    const row = await tx.alarms.find(uuid);
    if (!row) throw notFound(`Alarm ${uuid} does not exist.`);
    // A person's decision is a change like any other: recorded with it, or not at all.
    const channel = await tx.channels.findById(row.channel_id);
    await tx.audit.record({
      ...by,
      tenant: row.tenant,
      kind: `alarm.${type}`,
      ...(channel ? { channel: auditChannel(channel) } : {}),
      subject: row.uuid,
      after: {
        kind: row.kind,
        comment: type === 'acknowledged' ? row.acknowledged_comment : row.cleared_comment,
      },
    });
    const groups = await tx.groups.activeGroupsOf([row.channel_id, row.node_id]);
    const channelIds = [
      ...new Set([
        row.channel_id,
        row.node_id,
        ...(groups.get(row.channel_id) ?? []),
        ...(groups.get(row.node_id) ?? []),
      ]),
    ];
    const alarm = toAlarm(row);
    const event: AlarmEvent = {
      type,
      alarm,
      channelIds,
      nodeId: row.node_id,
      raisedAt: row.raised_at ?? row.first_out_at,
    };
    return { seq: await tx.eventLog.append({ readings: [], alarms: [event] }, now()), alarm };
  });
  if (!done) return undefined;
  bus.appended(done.seq);
  return done.alarm;
}

/** Our extension (issue 24): alarms the cloud raises as readings arrive. */
export function alarmRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  app.get(
    '/v1/alarms',
    {
      schema: {
        tags: TAGS,
        summary: 'Alarms (extension)',
        description:
          'Alarms the cloud raised from the readings of nodes in reach, newest raised first. ' +
          'Reach and permissions as history: every node whose history the caller may read (READ ' +
          'on assets.history, or on groups.history through a group from the moment the node ' +
          'joined it). `channel`: only alarms of that sensor, node or group’s members (READ on ' +
          'its history type). `state`: raised (not acknowledged), acknowledged, active (either) ' +
          'or cleared. `kind`: temperature, silence or place. `severity`: warning, major or ' +
          'critical (a temperature alarm’s grows with how far and how long it is out). ' +
          '`from`/`to`: when raised, epoch ms inclusive. `count`: at most ' +
          `${MAX_COUNT} (default ${DEFAULT_COUNT}); \`next\` pages on as \`cursor\`.`,
        querystring: z.strictObject({
          state: AlarmStateFilter.optional(),
          channel: Uuid.optional(),
          kind: AlarmKind.optional(),
          severity: AlarmSeverity.optional(),
          from: EpochMs.optional(),
          to: EpochMs.optional(),
          cursor: Cursor.optional(),
          count: countUpTo(MAX_COUNT).optional(),
        }),
        response: responses(AlarmPage),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const query = request.query;
      if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
        throw badRequest("query parameter 'from' must not be after 'to'");
      }
      let nodes: AlarmFilter['nodes'];
      let channelId: number | undefined;
      if (query.channel === undefined) {
        nodes = await nodesInReach(services, caller);
      } else {
        const channel = await channelFor(request, operationNeeds['GET /v1/alarms'].channel);
        if (channel.type === 'GROUP') {
          nodes = (await services.store.positions.groupScopes(channel.id)).map((scope) => ({
            id: scope.id,
            since: since(scope),
          }));
        } else if (channel.type === 'SENSOR' && channel.nodeId !== null) {
          nodes = [{ id: channel.nodeId, since: -Infinity }];
          channelId = channel.id;
        } else {
          nodes = [{ id: channel.id, since: -Infinity }];
        }
      }
      const count = query.count ?? DEFAULT_COUNT;
      const rows = await services.store.alarms.list({
        nodes,
        limit: count,
        ...(channelId !== undefined ? { channelId } : {}),
        ...(query.state !== undefined ? { state: query.state } : {}),
        ...(query.kind !== undefined ? { kind: query.kind } : {}),
        ...(query.severity !== undefined ? { severity: query.severity } : {}),
        ...(query.from !== undefined ? { from: query.from } : {}),
        ...(query.to !== undefined ? { to: query.to } : {}),
        ...(query.cursor !== undefined ? { after: query.cursor } : {}),
      });
      const last = rows[rows.length - 1];
      return {
        alarms: rows.map(toAlarm),
        ...(rows.length === count && last ? { next: `${last.raised_at ?? 0}.${last.id}` } : {}),
      };
    },
  );

  app.post(
    '/v1/alarms/:alarmId/acknowledge',
    {
      schema: {
        tags: TAGS,
        summary: 'Acknowledge an alarm (extension)',
        description:
          'Says that someone is on it: the alarm stays active until the data or a person clears ' +
          'it, and records who acknowledged it, when and their comment. Whoever may see the ' +
          'alarm may acknowledge it (READ on its history type). 409 when it is acknowledged or ' +
          'cleared already.',
        params: z.object({ alarmId: Uuid }),
        body: comment(false).meta({ id: 'AlarmAcknowledgement' }),
        response: responses(Alarm, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'NOT_FOUND',
          'CONFLICT',
        ]),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const alarm = await alarmFor(services, caller, request.params.alarmId);
      const done = await decide(
        services,
        'acknowledged',
        alarm.uuid,
        request.body.comment,
        changeBy(request, services.now()),
      );
      if (done) return done;
      const latest = await services.store.alarms.find(alarm.uuid);
      if (latest?.status === 'cleared') throw conflict(`Alarm ${alarm.uuid} is cleared already.`);
      throw conflict(
        `Alarm ${alarm.uuid} was acknowledged already by ${latest?.acknowledged_by ?? 'someone'}.`,
      );
    },
  );

  app.post(
    '/v1/alarms/:alarmId/clear',
    {
      schema: {
        tags: TAGS,
        summary: 'Clear an alarm (extension)',
        description:
          'Ends an alarm by hand, with a comment saying why (a sensor known to be broken, a load ' +
          'taken out): it is cleared for everyone, so it needs UPDATE on the alarm’s node ' +
          '(assets) besides seeing it. While the data stays out, no new alarm is raised for the ' +
          'same excursion. 409 when it is cleared already.',
        params: z.object({ alarmId: Uuid }),
        body: comment(true).meta({ id: 'AlarmClearance' }),
        response: responses(Alarm, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'NOT_FOUND',
          'CONFLICT',
        ]),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const alarm = await alarmFor(services, caller, request.params.alarmId);
      const then = operationNeeds['POST /v1/alarms/{alarmId}/clear'].alarm.then;
      caller.require(alarm.tenant, then.objectType, then.operation, then.action);
      const done = await decide(
        services,
        'cleared',
        alarm.uuid,
        request.body.comment,
        changeBy(request, services.now()),
      );
      if (!done) throw conflict(`Alarm ${alarm.uuid} is cleared already.`);
      return done;
    },
  );
}
