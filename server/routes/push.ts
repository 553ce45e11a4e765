import { z } from 'zod';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { badRequest } from '../http/errors.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { PushQuery } from '../schemas/push.ts';
import { channelResolver } from './channel-access.ts';

export function pushRoutes(app: ZodApp, services: Services): void {
  const params = z.object({ channelUuid: Uuid });
  const channelFor = channelResolver(services);

  app.put(
    '/v1/channels/:channelUuid/push',
    {
      schema: {
        tags: ['push'],
        summary: 'Set push configuration',
        description:
          'Overwrites the old configuration; the next delivery uses it. Events are POSTed to ' +
          '`to` as a PushDelivery, signed per Standard Webhooks with `secret` (`whsec_<base64>` ' +
          'as the specification says, any other secret as its UTF-8 bytes), which is stored and ' +
          'never returned. One attempt per delivery, 10 s limit, redirects not followed. ' +
          'Addresses that are or resolve to loopback, private, link-local, multicast or ' +
          'unspecified IPs are refused (400 when that is clear from the address itself). ' +
          'Needs UPDATE on the channel’s object type.',
        params,
        querystring: PushQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const { to, interval, secret } = request.query;
      const refusal = services.pushPolicy.neverDeliverable(new URL(to));
      if (refusal !== undefined) {
        throw badRequest(
          `query parameter 'to': ${refusal}; push delivers only to public addresses.`,
        );
      }
      const channel = await channelFor(request, { operation: 'UPDATE', action: 'setting push' });
      await services.store.channels.setPush(channel.id, {
        url: to,
        interval,
        secret: services.sealer.seal(secret),
      });
      await services.pushChanged(channel.id);
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
      const channel = await channelFor(request, { operation: 'UPDATE', action: 'removing push' });
      await services.store.channels.setPush(channel.id, null);
      await services.pushChanged(channel.id);
      return { status: 'OK' as const };
    },
  );
}
