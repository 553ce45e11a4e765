import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Channel } from '../store/channels.ts';
import { StatusResult } from '../../contract/status.ts';
import { PROPERTIES_MAX_BYTES, PROPERTIES_MAX_DEPTH } from '../../contract/limits.ts';
import { PropertiesText } from '../../contract/properties.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { auditChannel, changeBy, propertiesValue } from '../audit/change-by.ts';
import { checkIfMatch, staleProperties } from './properties-tag.ts';

export function propertiesRoutes(app: ZodApp, services: Services): void {
  const params = z.object({ channelUuid: Uuid });
  const channelFor = channelResolver(services);
  // The change and its audit entry land together or not at all; "before" is read inside the
  // transaction, so two changes at once each record what they replaced. With If-Match the write
  // lands only on the properties it names, read here and still there when written (0171).
  const setAudited = (request: FastifyRequest, channel: Channel, properties: string | null) =>
    services.store.transaction(async (tx) => {
      const before = (await tx.channels.findById(channel.id))?.properties ?? null;
      const ifMatch = request.headers['if-match'];
      checkIfMatch(ifMatch, before);
      if (ifMatch === undefined) await tx.channels.setProperties(channel.id, properties);
      else if (!(await tx.channels.setPropertiesIf(channel.id, properties, before))) {
        throw staleProperties();
      }
      await tx.audit.record({
        ...changeBy(request, services.now()),
        tenant: channel.tenant,
        kind: properties === null ? 'properties.removed' : 'properties.set',
        channel: auditChannel(channel),
        before: propertiesValue(before),
        after: propertiesValue(properties),
      });
    });

  app.put(
    '/v1/channels/:channelUuid/properties',
    {
      schema: {
        tags: ['channels'],
        summary: 'Set properties',
        description:
          `Needs UPDATE on the channel's object type. At most ${PROPERTIES_MAX_BYTES} bytes, ` +
          `nested at most ${PROPERTIES_MAX_DEPTH} levels. Extension: with \`If-Match\` (the ` +
          '`ETag` of `GET /v1/channels/{uuid}`), 412 when the properties changed since.',
        params,
        querystring: z.strictObject({
          properties: PropertiesText.meta({
            description: 'URL-encoded JSON object; overwrites the old properties',
          }),
        }),
        response: responses(StatusResult, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'NOT_FOUND',
          'PRECONDITION_FAILED',
        ]),
      },
    },
    async (request) => {
      const channel = await channelFor(
        request,
        operationNeeds['PUT /v1/channels/{channelUuid}/properties'].channel,
      );
      await setAudited(request, channel, request.query.properties);
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/channels/:channelUuid/properties',
    {
      schema: {
        tags: ['channels'],
        summary: 'Remove properties',
        description: 'Extension: with `If-Match`, 412 when the properties changed since.',
        params,
        querystring: NoQuery,
        response: responses(StatusResult, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'NOT_FOUND',
          'PRECONDITION_FAILED',
        ]),
      },
    },
    async (request) => {
      const channel = await channelFor(
        request,
        operationNeeds['DELETE /v1/channels/{channelUuid}/properties'].channel,
      );
      await setAudited(request, channel, null);
      return { status: 'OK' as const };
    },
  );
}
