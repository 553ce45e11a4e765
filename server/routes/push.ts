import { z } from 'zod';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { objectTypeOf } from '../auth/caller.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { PushQuery } from '../schemas/push.ts';
import { channelInReach } from './reach.ts';

export function pushRoutes(app: ZodApp, services: Services): void {
  const params = z.object({ channelUuid: Uuid });

  app.put(
    '/v1/channels/:channelUuid/push',
    {
      schema: {
        tags: ['push'],
        summary: 'Set push configuration',
        description:
          'Overwrites the old configuration. Events are POSTed to `to`, signed per Standard ' +
          'Webhooks with `secret`, which is stored and never returned.',
        params,
        querystring: PushQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const channel = channelInReach(services, caller, request.params.channelUuid);
      caller.require(channel.tenant, objectTypeOf(channel), 'UPDATE', 'setting push');
      const { to, interval, secret } = request.query;
      services.channels.setPush(channel.id, { url: to, interval, secret });
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/channels/:channelUuid/push',
    {
      schema: {
        tags: ['push'],
        summary: 'Remove push configuration',
        params,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const channel = channelInReach(services, caller, request.params.channelUuid);
      caller.require(channel.tenant, objectTypeOf(channel), 'UPDATE', 'removing push');
      services.channels.setPush(channel.id, null);
      return { status: 'OK' as const };
    },
  );
}
