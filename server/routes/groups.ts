import { z } from 'zod';
import { ChannelRecord, ChannelRecordList } from '../../contract/channel.ts';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { recordJson, recordsJson } from '../http/channel-json.ts';
import { ChannelName } from '../../contract/names.ts';
import { NoQuery, TenantChoice, Uuid } from '../schemas/params.ts';
import { channelInReach, channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireTenant } from './need-checks.ts';
import { auditChannel, changeBy } from '../audit/change-by.ts';

export function groupRoutes(app: ZodApp, services: Services): void {
  const groupParams = z.object({ groupUuid: Uuid });
  const memberParams = z.object({ groupUuid: Uuid, sensorUuid: Uuid });
  const channelFor = channelResolver(services);

  app.post(
    '/v1/groups/:groupName',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group channel',
        description:
          'In the caller’s tenant, or the one `tenant` names (extension); the caller gets access. ' +
          'Needs CREATE on groups in that tenant. A name already used by a group of that tenant ' +
          '(ignoring the case of A–Z) answers 409.',
        params: z.object({ groupName: ChannelName }),
        querystring: z.strictObject({ tenant: TenantChoice.optional() }),
        response: responses(ChannelRecord, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'CONFLICT',
        ]),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const tenant = requireTenant(
        caller,
        operationNeeds['POST /v1/groups/{groupName}'].tenant,
        request.query.tenant,
      );
      const name = request.params.groupName;
      // Checked and created in one transaction, so two requests cannot both take the name.
      const created = await services.store.transaction(async (tx) => {
        if (await tx.groups.nameTaken(tenant, name)) {
          throw conflict(`A group named “${name}” already exists; choose another name.`);
        }
        const channel = await tx.channels.create({
          type: 'GROUP',
          name,
          tenant,
          ownerId: caller.user.id,
          now: services.now(),
        });
        await tx.channels.grantAccess(caller.user.id, channel.id);
        await tx.audit.record({
          ...changeBy(request, services.now()),
          tenant,
          kind: 'group.created',
          channel: auditChannel(channel),
          after: { name },
        });
        return channel;
      });
      return sendJsonText(reply, recordJson(created, 'created'));
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
      const target = await channelFor(
        request,
        operationNeeds['POST /v1/groups/{groupUuid}/{sensorUuid}'].channel,
      );
      const member = await channelInReach(services, callerOf(request), request.params.sensorUuid);
      if (member.type === 'GROUP') throw badRequest('A group cannot be a member of a group.');
      if (!member.active)
        throw badRequest(`${member.name} is decommissioned and cannot join a group.`);
      if (member.tenant !== target.tenant) {
        throw badRequest(
          `${member.name} belongs to tenant ${member.tenant}, the group to ${target.tenant}.`,
        );
      }
      await services.store.transaction(async (tx) => {
        const now = services.now();
        await tx.groups.addMember(target.id, member.id, now);
        await tx.audit.record({
          ...changeBy(request, now),
          tenant: target.tenant,
          kind: 'group.member-added',
          channel: auditChannel(target),
          member: auditChannel(member),
        });
      });
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
      const target = await channelFor(
        request,
        operationNeeds['DELETE /v1/groups/{groupUuid}/{sensorUuid}'].channel,
      );
      const member = await services.store.channels.findByUuid(request.params.sensorUuid);
      const notMember = notFound(
        `Channel ${request.params.sensorUuid} is not a member of ${target.name}.`,
      );
      if (!member) throw notMember;
      await services.store.transaction(async (tx) => {
        if (!(await tx.groups.removeMember(target.id, member.id))) throw notMember;
        await tx.audit.record({
          ...changeBy(request, services.now()),
          tenant: target.tenant,
          kind: 'group.member-removed',
          channel: auditChannel(target),
          member: auditChannel(member),
        });
      });
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
      const target = await channelFor(
        request,
        operationNeeds['DELETE /v1/groups/{groupUuid}'].channel,
      );
      await services.store.transaction(async (tx) => {
        const removed = await tx.groups.removeAll(target.id);
        // Emptying an empty group changes nothing, so it leaves no entry.
        if (removed === 0) return;
        await tx.audit.record({
          ...changeBy(request, services.now()),
          tenant: target.tenant,
          kind: 'group.emptied',
          channel: auditChannel(target),
          result: `${removed} ${removed === 1 ? 'member' : 'members'} removed`,
        });
      });
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
      const target = await channelFor(
        request,
        operationNeeds['GET /v1/groups/{groupUuid}'].channel,
      );
      const members = await services.store.groups.listMembers(target.id);
      return sendJsonText(reply, recordsJson(members, 'member'));
    },
  );
}
