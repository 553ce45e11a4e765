import { z } from 'zod';
import { PushHealth, PushHealthList, pushHealthOf } from '../../contract/push-health.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { objectTypeOf } from '../auth/access-decision.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { notFound } from '../http/errors.ts';
import { DELIVERY_LOG_KEPT } from '../push/limits.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';

/** Channels whose health one listing answers at most. */
const HEALTH_LIST_MAX = 500;

/** Our extension: how each push is faring (docs/decisions/0072-push-health.md). */
export function pushHealthRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  const healthOf = async (channel: { id: number; uuid: string; name: string; to: string }) =>
    pushHealthOf(
      channel,
      await services.deliveryLog.list(channel.id, DELIVERY_LOG_KEPT),
      services.now(),
    );

  app.get(
    '/v1/channels/:channelUuid/push/health',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Push health of a channel (extension)',
        description:
          'From the delivery log (its newest ' +
          `${DELIVERY_LOG_KEPT} deliveries): the newest delivery’s time and result with the ` +
          'receiver’s answer, failures in a row, and the share delivered in the last hour. 404 ' +
          'without push configured. Needs READ on the channel’s object type.',
        params: z.object({ channelUuid: Uuid }),
        querystring: NoQuery,
        response: responses(PushHealth),
      },
    },
    async (request) => {
      const channel = await channelFor(
        request,
        operationNeeds['GET /v1/channels/{channelUuid}/push/health'].channel,
      );
      if (channel.pushUrl === null) {
        throw notFound(`Channel ${channel.name} has no push configured.`);
      }
      return healthOf({ ...channel, to: channel.pushUrl });
    },
  );

  app.get(
    '/v1/push/health',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Push health of every channel with push (extension)',
        description:
          'The health of each channel in reach that has push configured and whose object type ' +
          `the caller may READ, by name, at most ${HEALTH_LIST_MAX}: what the channel list ` +
          'paints red.',
        querystring: NoQuery,
        response: responses(PushHealthList, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const reach = await services.reach.listReachable(caller.user.id);
      const withPush = reach
        .filter((c) => c.pushUrl !== null && caller.can(c.tenant, objectTypeOf(c), 'READ'))
        .slice(0, HEALTH_LIST_MAX);
      const health = [];
      for (const summary of withPush) {
        const channel = await services.store.channels.findByUuid(summary.uuid);
        if (channel?.pushUrl) health.push(await healthOf({ ...channel, to: channel.pushUrl }));
      }
      return health;
    },
  );
}
