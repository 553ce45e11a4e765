import { z } from 'zod';
import { ChannelRecordList } from '../../contract/channel.ts';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, conflict, forbidden } from '../http/errors.ts';
import { transaction } from '../store/db.ts';
import { recordsJson, type ChannelRow } from '../store/channel-row.ts';
import { ChannelName, NodeSerial } from '../../contract/names.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelInReach } from './reach.ts';

export function nodeRoutes(app: ZodApp, services: Services): void {
  app.post(
    '/v1/nodes/:nodeSerial',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Commission a node',
        description:
          'Creates the NODE channel (reference = serial) in the caller’s tenant; the caller ' +
          'becomes its owner with access. With `channelUuid` the node joins that group, which the ' +
          'caller must reach (403 otherwise). Needs COMMISSION on assets. 409 when the serial is ' +
          'already commissioned.',
        params: z.object({ nodeSerial: NodeSerial }),
        querystring: z.strictObject({ name: ChannelName, channelUuid: Uuid.optional() }),
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
      const tenant = caller.user.tenant;
      caller.require(tenant, 'assets', 'COMMISSION', 'commissioning a node');
      const { nodeSerial } = request.params;
      const { name, channelUuid } = request.query;
      let group: ChannelRow | undefined;
      if (channelUuid !== undefined) {
        group = services.channels.findByUuid(channelUuid);
        if (!group || !services.channels.isReachable(caller.user.id, group)) {
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
      const node = transaction(services.db, () => {
        if (services.channels.findCommissioned(nodeSerial)) {
          throw conflict(`Node ${nodeSerial} is already commissioned.`);
        }
        const now = services.now();
        const created = services.channels.create({
          type: 'NODE',
          name,
          tenant,
          ownerId: caller.user.id,
          reference: nodeSerial,
          now,
        });
        services.channels.grantAccess(caller.user.id, created.id);
        if (group) services.groups.addMember(group.id, created.id, now);
        return created;
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
      const caller = callerOf(request);
      const node = channelInReach(services, caller, request.params.nodeUuid);
      if (node.type !== 'NODE' && node.type !== 'GATEWAY') {
        throw badRequest(`Channel ${node.uuid} is a ${node.type} channel, not a node.`);
      }
      caller.require(node.tenant, 'assets', 'DELETE', 'decommissioning a node');
      if (node.active !== 1)
        throw conflict(`Node ${node.reference ?? node.name} is already decommissioned.`);
      transaction(services.db, () => services.channels.decommission(node.id));
      return { status: 'OK' as const };
    },
  );
}
