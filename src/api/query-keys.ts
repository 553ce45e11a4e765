import type { ChannelType } from '../../contract/channel.ts';

export interface ChannelListFilters {
  channelType?: ChannelType;
  /** The cloud's own filter: case-insensitive substring of the name. */
  filter?: string;
}

/**
 * Key factories of the resources whose mutations live beside their queries (channels, groups,
 * push health, alarms). They sit apart so that after-change.ts, the one list of what each change
 * refreshes, can name them without importing the mutations that call it.
 */
export const channelKeys = {
  all: ['channels'] as const,
  lists: () => [...channelKeys.all, 'list'] as const,
  list: (filters: ChannelListFilters) =>
    [...channelKeys.lists(), { channelType: filters.channelType, filter: filters.filter }] as const,
  details: () => [...channelKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...channelKeys.details(), uuid] as const,
  /** The groups a channel is in and who reaches it (people.ts). */
  reaches: () => [...channelKeys.all, 'reach'] as const,
  reach: (uuid: string) => [...channelKeys.reaches(), uuid] as const,
  /** The push delivery log, an extension found at `template` (push.ts). */
  pushLogs: () => [...channelKeys.all, 'push-log'] as const,
  pushLog: (template: string, uuid: string) => [...channelKeys.pushLogs(), template, uuid] as const,
};

export const groupKeys = {
  all: ['groups'] as const,
  members: (groupUuid: string) => [...groupKeys.all, groupUuid, 'members'] as const,
};

/** Push health: our cloud's extension (docs/decisions/0072-push-health.md). */
export const pushHealthKeys = {
  all: ['push-health'] as const,
  channel: (uuid: string) => [...pushHealthKeys.all, 'channel', uuid] as const,
  list: () => [...pushHealthKeys.all, 'list'] as const,
};

/** The latest positions extension's answers (positions.ts). */
export const positionsRoot = ['positions'] as const;

/** Every alarm query (lists, the badge, the Fleet map's active alarms) starts with this. */
export const alarmsRoot = ['alarms'] as const;
