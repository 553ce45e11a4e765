import { z } from 'zod';
import { ChannelRecordList } from '../../contract/channel.ts';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, conflict, forbidden } from '../http/errors.ts';
import { recordsJson } from '../http/channel-json.ts';
import type { Channel } from '../store/channels.ts';
import { StoreConflict } from '../store/errors.ts';
import { ChannelName, NodeSerial } from '../../contract/names.ts';
import { NoQuery, TenantChoice, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireTenant } from './need-checks.ts';
import { auditChannel, changeBy } from '../audit/change-by.ts';

export function nodeRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);

  app.post(
    '/v1/nodes/:nodeSerial',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Commission a node',
        description:
          'Creates the NODE channel (reference = serial) in the caller’s tenant (or the one ' +
          '`tenant` names, an extension); the caller ' +
          'becomes its owner with access. With `channelUuid` the node joins that group, which the ' +
          'caller must reach (403 otherwise). Needs COMMISSION on assets. 409 when the serial is ' +
          'already commissioned.',
        params: z.object({ nodeSerial: NodeSerial }),
        querystring: z.strictObject({
          name: ChannelName,
          channelUuid: Uuid.optional(),
          tenant: TenantChoice.optional(),
        }),
        response: responses(ChannelRecordList, [
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
        operationNeeds['POST /v1/nodes/{nodeSerial}'].tenant,
        request.query.tenant,
      );
      const { nodeSerial } = request.params;
      const { name, channelUuid } = request.query;
      const { channels } = services.store;
      let group: Channel | undefined;
      if (channelUuid !== undefined) {
        group = await channels.findByUuid(channelUuid);
        if (!group || !(await channels.isReachable(caller.user.id, group))) {
          throw forbidden(`Refused: you have no access to group channel ${channelUuid}.`);
        }
        if (group.type !== 'GROUP') {
          throw badRequest(
            `channelUuid must name a group; ${channelUuid} is a ${group.type} channel.`,
          );
        }
        // As when adding a member: a group holds members of its own tenant only, or its
        // tenant's users would reach another tenant's node and read its data through the group.
        if (group.tenant !== tenant) {
          throw badRequest(
            `Group ${group.name} belongs to tenant ${group.tenant}, the node to ${tenant}.`,
          );
        }
      }
      const alreadyCommissioned = conflict(`Node ${nodeSerial} is already commissioned.`);
      const node = await services.store
        .transaction(async (tx) => {
          if (await tx.channels.findCommissioned(nodeSerial)) throw alreadyCommissioned;
          const now = services.now();
          const created = await tx.channels.create({
            type: 'NODE',
            name,
            tenant,
            ownerId: caller.user.id,
            reference: nodeSerial,
            now,
          });
          await tx.channels.grantAccess(caller.user.id, created.id);
          if (group) await tx.groups.addMember(group.id, created.id, now);
          await tx.audit.record({
            ...changeBy(request, now),
            tenant,
            kind: 'node.commissioned',
            channel: auditChannel(created),
            after: { serial: nodeSerial, name, ...(group ? { group: group.name } : {}) },
          });
          return created;
        })
        .catch((error: unknown) => {
          // Another request (or instance) commissioned it between our look and our write.
          throw error instanceof StoreConflict ? alreadyCommissioned : error;
        });
      return sendJsonText(reply, recordsJson([node], 'commissioned'));
    },
  );

  app.delete(
    '/v1/nodes/:nodeUuid',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Decommission a node',
        description:
          'Detaches the node and its sensors from every group and clears their owner; their ' +
          'channels stay, inactive, with their history. Needs DELETE on assets.',
        params: z.object({ nodeUuid: Uuid }),
        querystring: NoQuery,
        response: responses(StatusResult, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'NOT_FOUND',
          'CONFLICT',
        ]),
      },
    },
    async (request) => {
      const node = await channelFor(request, operationNeeds['DELETE /v1/nodes/{nodeUuid}'].channel);
      await services.store.transaction(async (tx) => {
        // The groups it leaves, for the entry: decommissioning takes it out of every one.
        const groups = (await tx.groups.activeGroupsOf([node.id])).get(node.id) ?? [];
        const names = (await tx.channels.namesOf(groups)).map((group) => group.name).sort();
        await tx.channels.decommission(node.id);
        await tx.audit.record({
          ...changeBy(request, services.now()),
          tenant: node.tenant,
          kind: 'node.decommissioned',
          channel: auditChannel(node),
          before: { active: true, groups: names },
          after: { active: false, groups: [] },
        });
      });
      return { status: 'OK' as const };
    },
  );
}
