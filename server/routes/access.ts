import { z } from 'zod';
import {
  AccessExplanation,
  ExplainedOperation,
  explainedOperations,
  type AccessVerdict,
  type ReachPath,
} from '../../contract/people.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { Caller } from '../auth/caller.ts';
import { decideChannel, type AccessDecision, type ChannelNeed } from '../auth/access-decision.ts';
import { notFound } from '../http/errors.ts';
import { Uuid } from '../schemas/params.ts';
import type { Channel } from '../store/channels.ts';
import type { Person, PermissionSetInfo, ReachFacts } from '../store/people.ts';
import { channelDecision } from './channel-access.ts';
import { operationNeeds as rows } from './operation-needs.ts';
import { personInView } from './people.ts';
import { setsAddingOnly, setsReachingOnly, type Holding } from '../auth/smallest-change.ts';

/** Each explained operation: the request it stands for and what that route needs. */
function requestFor(
  operation: ExplainedOperation,
  channel: Channel,
): { request: string; need: ChannelNeed } {
  switch (operation) {
    case 'READ':
      return {
        request: 'GET /v1/channels/{uuid}',
        need: rows['GET /v1/channels/{channelUuid}'].channel,
      };
    case 'READ_HISTORY':
      return {
        request: 'GET /v1/channels/{uuid}/history',
        need: rows['GET /v1/channels/{channelUuid}/history'].channel,
      };
    case 'UPDATE':
      return {
        request: 'PUT /v1/channels/{uuid}/properties',
        need: rows['PUT /v1/channels/{channelUuid}/properties'].channel,
      };
    case 'DELETE':
      return channel.type === 'GROUP'
        ? {
            request: 'DELETE /v1/groups/{uuid}',
            need: rows['DELETE /v1/groups/{groupUuid}'].channel,
          }
        : { request: 'DELETE /v1/nodes/{uuid}', need: rows['DELETE /v1/nodes/{nodeUuid}'].channel };
  }
}

/** How the channel is in reach, from the facts reach is made of. */
function reachPaths(
  channel: Channel,
  facts: ReachFacts,
  person: Person,
  names: Map<number, { uuid: string; name: string }>,
  onlyBy: (groupId: number) => string[],
): { paths: ReachPath[]; nearest: AccessExplanation['reach']['nearest'] } {
  const paths: ReachPath[] = [];
  const nearest: AccessExplanation['reach']['nearest'] = [];
  const members = channel.nodeId === null ? [channel.id] : [channel.id, channel.nodeId];
  for (const id of members) {
    const ref = names.get(id) ?? { uuid: '', name: '' };
    if (facts.owned.includes(id)) paths.push({ kind: 'owner', channel: ref });
    if (facts.given.includes(id)) paths.push({ kind: 'given', channel: ref });
    const bySets = facts.givenBySets.get(id);
    if (bySets) paths.push({ kind: 'role', channel: ref, permissionSets: bySets });
    for (const group of facts.groups.get(id) ?? []) {
      const groupRef = { uuid: group.uuid, name: group.name };
      const naming = facts.groupSets.get(group.id) ?? [];
      const held = naming.filter((set) => person.permissionSets.includes(set));
      const through =
        group.ownerId === person.id
          ? 'owner'
          : facts.groupsGiven.has(group.id)
            ? 'given'
            : held.length > 0
              ? 'role'
              : undefined;
      if (through) {
        paths.push({ kind: 'group', group: groupRef, member: ref, through, permissionSets: held });
      } else {
        nearest.push({
          group: groupRef,
          member: ref,
          permissionSets: naming,
          onlyBy: onlyBy(group.id).filter((set) => naming.includes(set)),
        });
      }
    }
  }
  return { paths, nearest };
}

function permissionOf(
  decision: AccessDecision,
  person: Person,
  sets: readonly PermissionSetInfo[],
  holding: Holding,
): AccessVerdict['permission'] {
  if (!('permission' in decision) || !decision.permission) return undefined;
  const p = decision.permission;
  const granting = sets
    .filter((set) =>
      set.grants.some(
        (g) =>
          g.tenant === p.tenant && g.objectType === p.objectType && g.operation === p.operation,
      ),
    )
    .map((set) => set.name);
  const heldBy = granting.filter((name) => person.permissionSets.includes(name));
  const grantedBy = granting.filter((name) => !heldBy.includes(name));
  const wanted = { tenant: p.tenant, objectType: p.objectType, operation: p.operation };
  return {
    ...p,
    held: heldBy.length > 0,
    heldBy,
    grantedBy,
    grantedOnlyBy: setsAddingOnly(sets, holding, wanted).filter((name) => grantedBy.includes(name)),
  };
}

/** Our extension: why a person may or may not do something with a channel. */
export function accessRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/v1/channels/:channelUuid/access',
    {
      schema: {
        tags: ['extension: people'],
        summary: 'Why a person may or may not use a channel (extension)',
        description:
          'For the person `user` (their id from GET /v1/users) and this channel: the verdict ' +
          'for each operation (READ: the channel’s record; READ_HISTORY: its history; UPDATE: ' +
          'its properties and push; DELETE: decommissioning a node, emptying a group), with the ' +
          'status that request would answer that person and the permission that decides it ' +
          '(held through which permission set, or which sets would grant it), and how the ' +
          'channel is in their reach (owner, given, a role, a group and how) or, out of reach, ' +
          'the groups that would put it there. Decided by the same code as the requests ' +
          'themselves. Needs READ on `users` in the tenants of the person and of the channel, ' +
          'whether or not the caller reaches the channel; otherwise 404.',
        params: z.object({ channelUuid: Uuid }),
        querystring: z.strictObject({
          user: z.string().min(1).max(300),
          operation: ExplainedOperation.optional(),
        }),
        response: responses(AccessExplanation),
      },
    },
    async (request): Promise<AccessExplanation> => {
      const caller = callerOf(request);
      const { store } = services;
      const person = await personInView(services, caller, request.query.user);
      const uuid = request.params.channelUuid;
      const channel = await store.channels.findByUuid(uuid);
      if (!channel || !caller.can(channel.tenant, 'users', 'READ')) {
        throw notFound(`Channel ${uuid} does not exist or is not among those you may explain.`);
      }
      const user = await store.users.findById(person.id);
      if (!user) throw notFound(`There is no person ${request.query.user}.`);
      const them = new Caller(user, await store.users.grantsOf(user.id));
      const [sets, facts, reachable] = await Promise.all([
        store.people.permissionSets(),
        store.people.reachFacts(user.id, channel),
        store.channels.isReachable(user.id, channel),
      ]);
      // What the person holds today, so that a suggested change adds only what was asked for.
      const mine = sets.filter((set) => person.permissionSets.includes(set.name));
      const holding: Holding = {
        grants: await store.users.grantsOf(user.id),
        groupIds: new Set(mine.flatMap((set) => set.groupIds)),
      };
      const ids = channel.nodeId === null ? [channel.id] : [channel.id, channel.nodeId];
      const names = new Map(
        (await store.channels.namesOf(ids)).map((c) => [c.id, { uuid: c.uuid, name: c.name }]),
      );
      const operations = request.query.operation
        ? [request.query.operation]
        : [...explainedOperations];
      const verdicts: AccessVerdict[] = [];
      for (const operation of operations) {
        const { request: asked, need } = requestFor(operation, channel);
        const { decision } = await channelDecision(services, them, uuid, need);
        // Out of reach the answer is 404 whatever is held; what would decide it once in reach
        // is still worth saying, so the permission is that of the same decision in reach.
        const inReach =
          decision.status === 404 ? decideChannel(them, uuid, channel, true, need) : decision;
        const permission = permissionOf(inReach, person, sets, holding);
        verdicts.push({
          operation,
          request: asked,
          status: decision.status,
          allowed: decision.status === 200,
          ...('message' in decision ? { message: decision.message } : {}),
          ...(permission ? { permission } : {}),
        });
      }
      return {
        person: { id: person.sub, username: person.username, name: person.name },
        channel: {
          uuid: channel.uuid,
          name: channel.name,
          type: channel.type,
          tenant: channel.tenant,
          active: channel.active,
        },
        reach: {
          reachable,
          ...reachPaths(channel, facts, person, names, (groupId) =>
            setsReachingOnly(sets, holding, groupId),
          ),
        },
        verdicts,
      };
    },
  );
}
