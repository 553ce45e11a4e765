import type { Services } from '../services.ts';
import { objectTypeOf, type Caller } from '../auth/caller.ts';
import type { Operation } from '../../contract/userinfo.ts';
import type { ChannelRow } from '../store/channel-row.ts';
import { notFound } from '../http/errors.ts';

/** The channel, when it exists and the caller reaches it; otherwise 404 either way (DESIGN.md). */
export function channelInReach(services: Services, caller: Caller, uuid: string): ChannelRow {
  const channel = services.channels.findByUuid(uuid);
  if (!channel || !services.channels.isReachable(caller.user.id, channel)) {
    throw notFound(`Channel ${uuid} does not exist or is not within your reach.`);
  }
  return channel;
}

/**
 * The channel in reach on which the caller holds `operation` for the channel's object type (or its
 * history type): 404 when out of reach, then 403 naming what is missing, in that order.
 */
export function channelWith(
  services: Services,
  caller: Caller,
  uuid: string,
  operation: Operation,
  action: string,
  on: 'object' | 'history' = 'object',
): ChannelRow {
  const channel = channelInReach(services, caller, uuid);
  const objectType = objectTypeOf(channel);
  caller.require(
    channel.tenant,
    on === 'history' ? `${objectType}.history` : objectType,
    operation,
    action,
  );
  return channel;
}
