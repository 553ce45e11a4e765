import { queryOptions } from '@tanstack/react-query';
import { apiRequest, segment } from './client.ts';
import { channelKeys } from './query-keys.ts';

/** People and the access explainer: our cloud's extension, found through extensions.ts. */
const peopleKeys = {
  all: ['people'] as const,
  list: (filter: string) => [...peopleKeys.all, 'list', filter] as const,
  person: (id: string) => [...peopleKeys.all, 'person', id] as const,
  lookup: (filter: string) => [...peopleKeys.all, 'channel-lookup', filter] as const,
  access: (channelUuid: string, userId: string) =>
    [...peopleKeys.all, 'access', channelUuid, userId] as const,
};

export const peopleQuery = (filter: string) =>
  queryOptions({
    queryKey: peopleKeys.list(filter),
    queryFn: ({ signal }) =>
      apiRequest('/v1/users', {
        query: { filter: filter || undefined },
        schema: (s) => s.PersonList,
        signal,
      }),
    staleTime: 30_000,
  });

export const personQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.person(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/users/${segment(id)}`, { schema: (s) => s.PersonProfile, signal }),
    staleTime: 30_000,
  });

/** Channels named like `filter` in the tenants where the caller looks people up, reach or not. */
export const channelLookupQuery = (filter: string) =>
  queryOptions({
    queryKey: peopleKeys.lookup(filter),
    queryFn: ({ signal }) =>
      apiRequest('/v1/channels/lookup', {
        query: { filter },
        schema: (s) => s.ChannelMatchList,
        signal,
      }),
    staleTime: 30_000,
  });

/** Why `userId` may or may not use the channel: every operation, with its chain. */
export const accessQuery = (channelUuid: string, userId: string) =>
  queryOptions({
    queryKey: peopleKeys.access(channelUuid, userId),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/channels/${segment(channelUuid)}/access`, {
        query: { user: userId },
        schema: (s) => s.AccessExplanation,
        signal,
      }),
    // Access changes with every group or role change: asked again each time it is shown.
    staleTime: 0,
  });

/** The groups a channel is in and who reaches it (the list only for who may look people up). */
export const channelReachQuery = (channelUuid: string) =>
  queryOptions({
    queryKey: channelKeys.reach(channelUuid),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/channels/${segment(channelUuid)}/reach`, {
        schema: (s) => s.ChannelReach,
        signal,
      }),
    staleTime: 15_000,
  });
