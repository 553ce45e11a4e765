import { z } from 'zod';
import { PushDeliveryLog } from '../../contract/push.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { countUpTo, Uuid } from '../schemas/params.ts';
import { DELIVERY_LOG_KEPT } from '../push/limits.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';

/** Our extension: what push delivery did for a channel, for people checking their receiver. */
export function pushDeliveryLogRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  app.get(
    '/v1/channels/:channelUuid/push/deliveries',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Delivery log of a channel (extension)',
        description:
          `The channel’s last deliveries (at most ${DELIVERY_LOG_KEPT}, newest first): when, ` +
          'where, how many events, the answer or what went wrong, and how long it took. ' +
          'Deliveries are tried once; a receiver that missed events reads them through history. ' +
          'Needs READ on the channel’s object type.',
        params: z.object({ channelUuid: Uuid }),
        querystring: z.strictObject({ count: countUpTo(DELIVERY_LOG_KEPT).optional() }),
        response: responses(PushDeliveryLog),
      },
    },
    async (request) => {
      const channel = await channelFor(
        request,
        operationNeeds['GET /v1/channels/{channelUuid}/push/deliveries'].channel,
      );
      return services.deliveryLog.list(channel.id, request.query.count ?? DELIVERY_LOG_KEPT);
    },
  );
}
