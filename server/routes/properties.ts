import { z } from 'zod';
import { StatusResult } from '../../contract/status.ts';
import { PROPERTIES_MAX_BYTES, PROPERTIES_MAX_DEPTH } from '../../contract/limits.ts';
import { PropertiesText } from '../../contract/properties.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';

export function propertiesRoutes(app: ZodApp, services: Services): void {
  const params = z.object({ channelUuid: Uuid });
  const channelFor = channelResolver(services);

  app.put(
    '/v1/channels/:channelUuid/properties',
    {
      schema: {
        tags: ['channels'],
        summary: 'Set properties',
        description:
          `Needs UPDATE on the channel's object type. At most ${PROPERTIES_MAX_BYTES} bytes, ` +
          `nested at most ${PROPERTIES_MAX_DEPTH} levels.`,
        params,
        querystring: z.strictObject({
          properties: PropertiesText.meta({
            description: 'URL-encoded JSON object; overwrites the old properties',
          }),
        }),
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const channel = await channelFor(request, {
        operation: 'UPDATE',
        action: 'setting properties',
      });
      await services.store.channels.setProperties(channel.id, request.query.properties);
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/channels/:channelUuid/properties',
    {
      schema: {
        tags: ['channels'],
        summary: 'Remove properties',
        params,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const channel = await channelFor(request, {
        operation: 'UPDATE',
        action: 'removing properties',
      });
      await services.store.channels.setProperties(channel.id, null);
      return { status: 'OK' as const };
    },
  );
}
