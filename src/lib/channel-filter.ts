import type { ChannelRecord, ChannelType } from '../../contract/channel.ts';
import { channelTypes } from '../../contract/channel.ts';

/**
 * Lower-cased names, computed once per listing so that each keystroke is one pass of `includes`.
 * Matching is the cloud's own rule (docs/decisions/0002-identities-and-records.md, "Identities and records"): a
 * case-insensitive substring of the name, plus numbers read without their leading zeros
 * (`nameMatcher`), so the page's instant result holds everything the cloud's `filter` answers.
 */
export interface ChannelIndex {
  channels: readonly ChannelRecord[];
  names: readonly string[];
}

export function indexChannels(channels: readonly ChannelRecord[]): ChannelIndex {
  return { channels, names: channels.map((channel) => channel.name.toLocaleLowerCase()) };
}

/** Numbers without their leading zeros: "node 09999" → "node 9999", "van 007/temp" → "van 7/temp". */
function withoutLeadingZeros(text: string): string {
  return text.replace(/(^|\D)0+(?=\d)/g, '$1');
}

/**
 * Whether a lower-cased name matches what the person typed: the cloud's rule, and besides it the
 * same text with numbers read as numbers, so "Node 9999" finds "Node 09999" and "van 7" finds
 * "Van 07" (fleets number their devices with leading zeros; people do not type them).
 */
export function nameMatcher(text: string): (lowerName: string) => boolean {
  const needle = text.trim().toLocaleLowerCase();
  const numeric = withoutLeadingZeros(needle);
  const digits = /\d/.test(needle);
  return (name) => name.includes(needle) || (digits && withoutLeadingZeros(name).includes(numeric));
}

export function filterChannels(index: ChannelIndex, text: string): readonly ChannelRecord[] {
  if (text.trim() === '') return index.channels;
  const matches = nameMatcher(text);
  const found: ChannelRecord[] = [];
  for (let i = 0; i < index.names.length; i++) {
    const channel = index.channels[i];
    const name = index.names[i];
    if (channel !== undefined && name !== undefined && matches(name)) found.push(channel);
  }
  return found;
}

/** The `type` search parameter, when it names a channel type. */
export function parseChannelType(value: string | null): ChannelType | undefined {
  return channelTypes.find((type) => type === value);
}
