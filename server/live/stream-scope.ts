import type { LoggedReading } from '../store/event-log.ts';

/** A channel's stream: what reaches the channel (sensor, node or group), as its history has it. */
export interface ChannelScope {
  kind: 'channel';
  channel: { id: number; uuid: string; name: string };
}

/**
 * The fleet stream: what the latest-positions extension would tell of every node in reach
 * (routes/fleet-scope.ts), each timeslice shaped as its node's history has it.
 */
export interface FleetStreamScope {
  kind: 'fleet';
  /** Nodes whose every reading may be told. */
  wholeNodes: ReadonlySet<number>;
  /** Groups whose history may be read: what reaches them may be told. */
  readableGroups: ReadonlySet<number>;
}

export type StreamScope = ChannelScope | FleetStreamScope;

/** Whether a reading (or an alarm, which names the same channels) belongs in a stream of this scope. */
export function inScope(
  scope: StreamScope,
  reading: Pick<LoggedReading, 'channelIds' | 'nodeId'>,
): boolean {
  if (scope.kind === 'channel') return reading.channelIds.includes(scope.channel.id);
  if (scope.wholeNodes.has(reading.nodeId)) return true;
  return reading.channelIds.some((id) => scope.readableGroups.has(id));
}
