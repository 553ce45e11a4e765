import type { Services } from '../services.ts';
import type { Caller } from '../auth/caller.ts';
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

export const typeLabel = (channel: ChannelRow) => channel.type.toLowerCase();
