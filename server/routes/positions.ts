import { z } from 'zod';
import { LatestPositions, type WithheldNodes } from '../../contract/positions.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { callerOf } from '../auth/authenticate.ts';
import { EpochMs, Uuid } from '../schemas/params.ts';
import type { NodeScope } from '../store/positions.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { historyRange } from './history-range.ts';
import { fleetScope } from './fleet-scope.ts';

/** Our extension: the newest position and temperature of every node in scope, in one request. */
export function positionRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  app.get(
    '/v1/positions',
    {
      schema: {
        tags: ['extension: positions'],
        summary: 'Latest positions (extension)',
        description:
          'The newest GPS message with a position and the newest TEMP message of every node, ' +
          'with the time of its newest message of any kind, within `from`…`to` (epoch ms, both ' +
          'inclusive; `to` defaults to now, `from` to one day before; at most one day, as ' +
          'history). Without `group`: every NODE channel in reach whose history the caller may ' +
          'read (READ on assets.history in its tenant, or through a reachable group with READ ' +
          'on groups.history, from the moment it joined); the others are counted per tenant in ' +
          '`withheld`. With `group`: the group’s members, each from the moment it joined, as ' +
          'its history holds them; needs READ on groups.history. Nodes with no message in the ' +
          'range are left out.',
        querystring: z.strictObject({
          group: Uuid.optional(),
          from: EpochMs.optional(),
          to: EpochMs.optional(),
        }),
        response: responses(LatestPositions),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { positions } = services.store;
      const { from, to } = historyRange(request.query, services.now());
      let scopes: NodeScope[];
      let withheld: WithheldNodes[] = [];
      if (request.query.group === undefined) {
        // Reach read once and kept until it changes (reach-cache.ts): 10,000 nodes in reach
        // are a query that costs more than the rest of the answer.
        const userId = caller.user.id;
        const inReach = {
          reachableNodes: () =>
            services.reach.kept(userId, 'positions-nodes', () => positions.reachableNodes(userId)),
          groupNodeMemberships: () =>
            services.reach.kept(userId, 'positions-groups', () =>
              positions.groupNodeMemberships(userId),
            ),
        };
        // The old way when positions are not kept (benchmarks, tests): reach read every time.
        const kept = services.positions.enabled;
        ({ scopes, withheld } = await fleetScope(kept ? inReach : positions, caller));
      } else {
        const group = await channelFor(request, operationNeeds['GET /v1/positions'].channel);
        scopes = await positions.groupScopes(group.id);
      }
      const nodes = await services.positions.latestJson(scopes, from, to);
      return sendTaggedJson(
        request,
        reply,
        `{"from":${from},"to":${to},"nodes":[${nodes}],"withheld":${JSON.stringify(withheld)}}`,
      );
    },
  );
}
