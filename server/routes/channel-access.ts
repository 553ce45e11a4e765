import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import type { Channel } from '../store/channels.ts';
import type { Caller } from '../auth/caller.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { decideChannel, type AccessDecision, type ChannelNeed } from '../auth/access-decision.ts';

export type { ChannelNeed } from '../auth/access-decision.ts';

/** The channel, when it exists and the caller reaches it; otherwise 404 either way
 * (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"). */
export async function channelInReach(
  services: Services,
  caller: Caller,
  uuid: string,
): Promise<Channel> {
  const { channels } = services.store;
  const channel = await channels.findByUuid(uuid);
  if (!channel || !(await channels.isReachable(caller.user.id, channel))) {
    throw notFound(`Channel ${uuid} does not exist or is not within your reach.`);
  }
  return channel;
}

/**
 * How the cloud would answer `need` on the channel `uuid` for `who` (a Caller of a request, or
 * one made for the person the explainer is asked about): the same lookups and the same decision.
 */
export async function channelDecision(
  services: Services,
  who: Caller,
  uuid: string,
  need: ChannelNeed,
): Promise<{ channel: Channel | undefined; decision: AccessDecision }> {
  const { channels } = services.store;
  const channel = await channels.findByUuid(uuid);
  const reachable = channel !== undefined && (await channels.isReachable(who.user.id, channel));
  return { channel, decision: decideChannel(who, uuid, channel, reachable, need) };
}

/**
 * Resolves the channel a route's path names, once, typed: 404 when it is out of reach, 400 when
 * it is the wrong kind, then 403 naming the missing permission, then 409 when it must be active
 * and is not, in that order. The channel is named by a path parameter, or a query parameter
 * (`in: 'query'`) that the route has seen is sent. A route checks its other input first
 * (docs/decisions/0009-requests.md, "Requests": input comes before reach).
 */
export function channelResolver(services: Services) {
  return async (
    request: FastifyRequest,
    need: ChannelNeed & { in?: 'query' },
  ): Promise<Channel> => {
    const caller = callerOf(request);
    const from = need.in === 'query' ? request.query : request.params;
    const uuid = (from as Record<string, string | undefined>)[need.param ?? 'channelUuid'];
    if (uuid === undefined) throw new Error(`request without ${need.param ?? 'channelUuid'}`);
    const { channel, decision } = await channelDecision(services, caller, uuid, need);
    switch (decision.status) {
      case 404:
        throw notFound(decision.message);
      case 400:
        throw badRequest(decision.message);
      case 403:
        throw forbidden(decision.message);
      case 409:
        throw conflict(decision.message);
    }
    if (!channel) throw new Error('an allowed channel that does not exist');
    return channel;
  };
}
