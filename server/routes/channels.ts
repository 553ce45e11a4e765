import { z } from 'zod';
import { ChannelRecord, ChannelRecordList } from '../../contract/channel.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { objectTypeOf } from '../auth/access-decision.ts';
import { listedRecordsJson, recordJson } from '../http/channel-json.ts';
import { sendTagged, taggedJson } from '../http/etag.ts';
import { ChannelTypeParam, Filter, NoQuery, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireSomeTenant } from './need-checks.ts';
import { propertiesTag } from './properties-tag.ts';

export function channelRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);

  app.get(
    '/v1/channels',
    {
      schema: {
        tags: ['channels'],
        summary: 'List accessible channels',
        description:
          'Channels the caller reaches and may READ (`assets` for node, sensor and gateway ' +
          'channels, `groups` for group channels). `filter` matches the name, case-insensitively, ' +
          'as a substring.',
        querystring: z.strictObject({
          channelType: ChannelTypeParam.optional(),
          filter: Filter.optional(),
        }),
        response: responses(ChannelRecordList, ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN']),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { channelType, filter } = request.query;
      const wanted =
        channelType === undefined
          ? ['assets', 'groups']
          : [channelType === 'GROUP' ? 'groups' : 'assets'];
      requireSomeTenant(caller, operationNeeds['GET /v1/channels'].someTenant, wanted);
      const needle = filter?.toLocaleLowerCase();
      // The answer depends on reach, the tenants where the caller may read each kind, the filter.
      const readable = (objectType: string) => caller.tenantsWith(objectType, 'READ');
      const key = JSON.stringify([readable('assets'), readable('groups'), needle ?? null]);
      const listing = await services.reach.derived(caller.user.id, channelType, key, (rows) =>
        taggedJson(
          listedRecordsJson(
            rows.filter(
              (row) =>
                caller.can(row.tenant, objectTypeOf(row), 'READ') &&
                (needle === undefined || row.name.toLocaleLowerCase().includes(needle)),
            ),
          ),
        ),
      );
      return sendTagged(request, reply, listing);
    },
  );

  app.get(
    '/v1/channels/:channelUuid',
    {
      schema: {
        tags: ['channels'],
        summary: 'Channel information',
        description:
          'The push secret is never returned. Extension: `ETag` names the channel’s properties, ' +
          'for `If-Match` on `PUT`/`DELETE …/properties`.',
        params: z.object({ channelUuid: Uuid }),
        querystring: NoQuery,
        response: responses(ChannelRecord),
      },
    },
    async (request, reply) => {
      const channel = await channelFor(
        request,
        operationNeeds['GET /v1/channels/{channelUuid}'].channel,
      );
      // The tag names the properties only (0171): an If-Match for editing them, not a cache key.
      reply.header('etag', propertiesTag(channel.properties));
      return sendJsonText(reply, recordJson(channel, 'full'));
    },
  );
}
