import type { ChannelRecord, ChannelType } from '../../contract/channel.ts';
import { channelTypes } from '../../contract/channel.ts';

/**
 * Lower-cased names, computed once per listing so that each keystroke is one pass of `includes`.
 * Matching is the cloud's own rule (docs/decisions/0002-identities-and-records.md, "Identities and records"): a
 * case-insensitive substring of the name. Keeping the same rule means the page's instant result
 * and the cloud's `filter` answer always agree.
 */
export interface ChannelIndex {
  channels: readonly ChannelRecord[];
  names: readonly string[];
}

export function indexChannels(channels: readonly ChannelRecord[]): ChannelIndex {
  return { channels, names: channels.map((channel) => channel.name.toLocaleLowerCase()) };
}

export function filterChannels(index: ChannelIndex, text: string): readonly ChannelRecord[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return index.channels;
  const matches: ChannelRecord[] = [];
  for (let i = 0; i < index.names.length; i++) {
    const channel = index.channels[i];
    if (channel !== undefined && index.names[i]?.includes(needle)) matches.push(channel);
  }
  return matches;
}

/** The `type` search parameter, when it names a channel type. */
export function parseChannelType(value: string | null): ChannelType | undefined {
  return channelTypes.find((type) => type === value);
}
