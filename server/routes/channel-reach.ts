import { z } from 'zod';
import { ChannelReach } from '../../contract/channel-reach.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';

/** People looked at, at most, to count who reaches a channel. */
const PEOPLE_COUNTED = 2000;

/** Our extension: the groups a channel is in and who reaches it (decision 0130). */
export function channelReachRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  app.get(
    '/v1/channels/:channelUuid/reach',
    {
      schema: {
        tags: ['extension: people'],
        summary: 'The groups a channel is in and who reaches it (extension)',
        description:
          'The groups the channel (or its node) is a member of, and how many people reach ' +
          'the channel, by the same reach every request uses. Groups out of the caller’s ' +
          'reach are left out unless the caller holds READ on `users` in the channel’s ' +
          'tenant; so is the list of people (id, username, name, tenant). People counted: ' +
          `those of the channel’s tenant and the caller’s, at most ${PEOPLE_COUNTED}. Needs ` +
          'READ on the channel’s object type.',
        params: z.object({ channelUuid: Uuid }),
        querystring: NoQuery,
        response: responses(ChannelReach),
      },
    },
    async (request): Promise<ChannelReach> => {
      const caller = callerOf(request);
      const channel = await channelFor(
        request,
        operationNeeds['GET /v1/channels/{channelUuid}/reach'].channel,
      );
      const { store } = services;
      const support = caller.can(channel.tenant, 'users', 'READ');
      const facts = await store.people.reachFacts(caller.user.id, channel);
      const ids = channel.nodeId === null ? [channel.id] : [channel.id, channel.nodeId];
      const members = new Map(
        (await store.channels.namesOf(ids)).map((c) => [c.id, { uuid: c.uuid, name: c.name }]),
      );
      const groups: ChannelReach['groups'] = [];
      for (const [memberId, paths] of facts.groups) {
        const member = members.get(memberId);
        if (!member) continue;
        for (const path of paths) {
          const group = support ? undefined : await store.channels.findByUuid(path.uuid);
          if (!support && !(group && (await store.channels.isReachable(caller.user.id, group)))) {
            continue;
          }
          groups.push({ group: { uuid: path.uuid, name: path.name }, member });
        }
      }
      const tenants = [...new Set([channel.tenant, caller.user.tenant])];
      // Who reaches the channel in one query, not a reach check per person (docs/decisions/0103).
      const [people, reachers] = await Promise.all([
        store.people.list(tenants, undefined, PEOPLE_COUNTED),
        store.people.reaching(channel),
      ]);
      const reaching = people.filter((person) => reachers.has(person.id));
      return {
        groups,
        people: {
          count: reaching.length,
          ...(support
            ? {
                list: reaching.map((p) => ({
                  id: p.sub,
                  username: p.username,
                  name: p.name,
                  tenant: p.tenant,
                })),
              }
            : {}),
        },
      };
    },
  );
}
