import type { FastifyRequest } from 'fastify';
import type { Operation } from '../../contract/userinfo.ts';
import type { Services } from '../services.ts';
import type { Channel } from '../store/channels.ts';
import { objectTypeOf, type Caller } from '../auth/caller.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest, notFound } from '../http/errors.ts';

/** What a route needs of the channel its path names. */
export interface ChannelNeed {
  /** The path parameter with the channel's uuid (default `channelUuid`). */
  param?: string;
  /** The kind of channel the operation works on; another kind answers 400. */
  is?: 'group' | 'node' | 'active gateway';
  /** Needed on the channel's object type (`on: 'history'`: its history type); 403 without. */
  operation?: Operation;
  on?: 'object' | 'history';
  /** What the caller is doing, for the 403's message: "setting push". */
  action: string;
}

const kinds: Record<NonNullable<ChannelNeed['is']>, (channel: Channel) => string | undefined> = {
  group: (c) =>
    c.type === 'GROUP' ? undefined : `Channel ${c.uuid} is a ${c.type} channel, not a group.`,
  node: (c) =>
    c.type === 'NODE' || c.type === 'GATEWAY'
      ? undefined
      : `Channel ${c.uuid} is a ${c.type} channel, not a node.`,
  'active gateway': (c) =>
    c.type === 'GATEWAY' && c.active ? undefined : `Channel ${c.uuid} is not an active gateway.`,
};

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
 * Resolves the channel a route's path names, once, typed: 404 when it is out of reach, 400 when
 * it is the wrong kind, then 403 naming the missing permission, in that order. A route checks
 * its other input first (docs/decisions/0009-requests.md, "Requests": input comes before reach).
 */
export function channelResolver(services: Services) {
  return async (request: FastifyRequest, need: ChannelNeed): Promise<Channel> => {
    const caller = callerOf(request);
    const uuid = (request.params as Record<string, string | undefined>)[
      need.param ?? 'channelUuid'
    ];
    if (uuid === undefined) throw new Error(`route without a :${need.param ?? 'channelUuid'}`);
    const channel = await channelInReach(services, caller, uuid);
    const wrongKind = need.is && kinds[need.is](channel);
    if (wrongKind) throw badRequest(wrongKind);
    if (need.operation) {
      const objectType = objectTypeOf(channel);
      caller.require(
        channel.tenant,
        need.on === 'history' ? `${objectType}.history` : objectType,
        need.operation,
        need.action,
      );
    }
    return channel;
  };
}
