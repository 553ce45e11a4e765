import { z } from 'zod';
import { ChannelRecord, ChannelRecordList } from '../../contract/channel.ts';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import type { Caller } from '../auth/caller.ts';
import type { ChannelRow } from '../store/channel-row.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { transaction } from '../store/db.ts';
import { recordJson, recordsJson } from '../store/channel-row.ts';
import { ChannelName } from '../../contract/names.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelInReach } from './reach.ts';

function groupInReach(services: Services, caller: Caller, uuid: string): ChannelRow {
  const group = channelInReach(services, caller, uuid);
  if (group.type !== 'GROUP')
    throw badRequest(`Channel ${uuid} is a ${group.type} channel, not a group.`);
  return group;
}

export function groupRoutes(app: ZodApp, services: Services): void {
  const groupParams = z.object({ groupUuid: Uuid });
  const memberParams = z.object({ groupUuid: Uuid, sensorUuid: Uuid });

  app.post(
    '/v1/groups/:groupName',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group channel',
        description: 'In the caller’s tenant; the caller gets access. Needs CREATE on groups.',
        params: z.object({ groupName: ChannelName }),
        querystring: NoQuery,
        response: responses(ChannelRecord, ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN']),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      caller.require(caller.user.tenant, 'groups', 'CREATE', 'creating a group');
      const group = transaction(services.db, () => {
        const created = services.channels.create({
          type: 'GROUP',
          name: request.params.groupName,
          tenant: caller.user.tenant,
          ownerId: caller.user.id,
          now: services.now(),
        });
        services.channels.grantAccess(caller.user.id, created.id);
        return created;
      });
      return sendJsonText(reply, recordJson(group, 'created'));
    },
  );

  app.post(
    '/v1/groups/:groupUuid/:sensorUuid',
    {
      schema: {
        tags: ['groups'],
        summary: 'Add a sensor or node to a group',
        description:
          'Both must be within the caller’s reach and in the same tenant; the member must be ' +
          'active. From now on its data is also published to the group. Needs UPDATE on groups.',
        params: memberParams,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const group = groupInReach(services, caller, request.params.groupUuid);
      caller.require(group.tenant, 'groups', 'UPDATE', 'adding a member');
      const member = channelInReach(services, caller, request.params.sensorUuid);
      if (member.type === 'GROUP') throw badRequest('A group cannot be a member of a group.');
      if (member.active !== 1)
        throw badRequest(`${member.name} is decommissioned and cannot join a group.`);
      if (member.tenant !== group.tenant) {
        throw badRequest(
          `${member.name} belongs to tenant ${member.tenant}, the group to ${group.tenant}.`,
        );
      }
      services.groups.addMember(group.id, member.id, services.now());
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/groups/:groupUuid/:sensorUuid',
    {
      schema: {
        tags: ['groups'],
        summary: 'Remove a sensor or node from a group',
        description: '404 when it is not a member. Needs UPDATE on groups.',
        params: memberParams,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const group = groupInReach(services, caller, request.params.groupUuid);
      caller.require(group.tenant, 'groups', 'UPDATE', 'removing a member');
      const member = services.channels.findByUuid(request.params.sensorUuid);
      if (!member || !services.groups.removeMember(group.id, member.id)) {
        throw notFound(`Channel ${request.params.sensorUuid} is not a member of ${group.name}.`);
      }
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/groups/:groupUuid',
    {
      schema: {
        tags: ['groups'],
        summary: 'Remove all sensors and nodes from a group',
        description: 'Needs DELETE on groups.',
        params: groupParams,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const group = groupInReach(services, caller, request.params.groupUuid);
      caller.require(group.tenant, 'groups', 'DELETE', 'removing all members');
      services.groups.removeAll(group.id);
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/v1/groups/:groupUuid',
    {
      schema: {
        tags: ['groups'],
        summary: 'List the channels of the members of a group',
        description: 'Needs READ on groups.',
        params: groupParams,
        querystring: NoQuery,
        response: responses(ChannelRecordList),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const group = groupInReach(services, caller, request.params.groupUuid);
      caller.require(group.tenant, 'groups', 'READ', 'listing members');
      return sendJsonText(reply, recordsJson(services.groups.listMembers(group.id), 'member'));
    },
  );
}
