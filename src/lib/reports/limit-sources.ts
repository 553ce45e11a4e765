import type { ChannelRecord } from '../../../contract/channel.ts';
import type { LimitSources } from '../history-store/protocol.ts';
import { readLimits, type LimitSource } from './limits.ts';

export interface GroupWithMembers {
  group: ChannelRecord;
  members: readonly ChannelRecord[];
}

export interface LimitsFound {
  sources: LimitSources;
  /** Channels whose limits could not be read, in a person's words. */
  problems: string[];
}

/**
 * Where the limits of a history's sensors come from (docs/decisions/0024-fleet-reports-and-the-history-engine.md, "Cold chain"): the
 * channel viewed, the node and sensor records known (a group's members), and the groups that hold
 * each node. Broken entries are reported rather than skipped in silence.
 */
export function limitSources(
  channel: ChannelRecord,
  records: readonly ChannelRecord[],
  groups: readonly GroupWithMembers[],
): LimitsFound {
  const sources: LimitSources = { sensors: {}, nodes: {}, groupsOfNode: {}, everyNode: [] };
  const problems: string[] = [];
  const read = (record: ChannelRecord): LimitSource | undefined => {
    const reading = readLimits(record.properties);
    if (reading.kind === 'invalid') problems.push(`${record.name}: ${reading.reason}.`);
    return reading.kind === 'limits' ? { name: record.name, limits: reading.limits } : undefined;
  };
  const place = (record: ChannelRecord) => {
    const source = read(record);
    if (!source) return;
    if (record.channelType === 'SENSOR') sources.sensors[record.uuid] = source;
    else if (record.channelType === 'NODE') sources.nodes[record.uuid] = source;
  };
  const seen = new Set<string>();
  for (const record of [channel, ...records]) {
    if (seen.has(record.uuid)) continue;
    seen.add(record.uuid);
    if (record.channelType === 'GROUP') {
      const source = read(record);
      if (source && record.uuid === channel.uuid) sources.everyNode.push(source);
    } else place(record);
  }
  for (const { group, members } of groups) {
    if (group.uuid === channel.uuid) continue;
    const reading = readLimits(group.properties);
    if (reading.kind !== 'limits') continue;
    for (const member of members) {
      const list = (sources.groupsOfNode[member.uuid] ??= []);
      list.push({ name: group.name, limits: reading.limits });
    }
  }
  return { sources, problems };
}
