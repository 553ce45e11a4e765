import type { ChannelRecord } from '../../../contract/channel.ts';
import { nearestPlace, readPlaces, type NamedPlace } from '../../../contract/named-places.ts';
import type { GroupWithMembers } from './limit-sources.ts';

/** The named places that can name a node's stops: its own and those of the groups that hold it. */
export interface PlaceBook {
  /** The name of the place holding a node's position, if any place does (the nearest wins). */
  nameAt(nodeUuid: string, lat: number, lon: number): string | undefined;
}

/**
 * Places from properties (docs/decisions/0063-places-not-coordinates.md): of the channel viewed
 * (a group's places serve all its members), of the node records known, and of the groups known
 * to hold each node. All of a node's places are pooled and the nearest holding the position wins,
 * so a depot named on the group and a customer named on the node both count.
 */
export function placeBook(
  channel: ChannelRecord,
  records: readonly ChannelRecord[],
  groups: readonly GroupWithMembers[],
): PlaceBook {
  const everyNode = channel.channelType === 'GROUP' ? readPlaces(channel.properties) : [];
  const ofNode = new Map<string, NamedPlace[]>();
  const add = (nodeUuid: string, places: readonly NamedPlace[]) => {
    if (places.length === 0) return;
    const list = ofNode.get(nodeUuid) ?? [];
    list.push(...places);
    ofNode.set(nodeUuid, list);
  };
  const seen = new Set<string>();
  for (const record of [channel, ...records]) {
    if (record.channelType !== 'NODE' && record.channelType !== 'GATEWAY') continue;
    if (seen.has(record.uuid)) continue;
    seen.add(record.uuid);
    add(record.uuid, readPlaces(record.properties));
  }
  for (const { group, members } of groups) {
    if (group.uuid === channel.uuid) continue;
    const places = readPlaces(group.properties);
    for (const member of members) add(member.uuid, places);
  }
  return {
    nameAt(nodeUuid, lat, lon) {
      const own = ofNode.get(nodeUuid) ?? [];
      return nearestPlace(everyNode.length === 0 ? own : [...own, ...everyNode], lat, lon)?.name;
    },
  };
}

/** A book that names nothing: coordinates (or the geocoder) only. */
export const noPlaces: PlaceBook = { nameAt: () => undefined };
