import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChannelRecord, Properties } from '../../contract/channel.ts';
import { afterChannelChange, afterPushChange } from './after-change.ts';
import { apiRequest, apiResponse, segment } from './client.ts';
import { ApiError } from './errors.ts';
import { loadSchemas } from './schemas-loader.ts';
import { channelKeys, type ChannelListFilters } from './query-keys.ts';

function fetchChannels(filters: ChannelListFilters, signal?: AbortSignal) {
  return apiRequest('/v1/channels', {
    query: { channelType: filters.channelType, filter: filters.filter || undefined },
    schema: (s) => s.ChannelRecordList,
    signal,
  });
}

function fetchChannel(uuid: string, signal?: AbortSignal) {
  return apiRequest(`/v1/channels/${segment(uuid)}`, { schema: (s) => s.ChannelRecord, signal });
}

export const channelListQuery = (filters: ChannelListFilters) =>
  queryOptions({
    queryKey: channelKeys.list(filters),
    queryFn: ({ signal }) => fetchChannels(filters, signal),
    staleTime: 30_000,
  });

export const channelQuery = (uuid: string) =>
  queryOptions({
    queryKey: channelKeys.detail(uuid),
    queryFn: ({ signal }) => fetchChannel(uuid, signal),
    staleTime: 15_000,
  });

/**
 * A channel’s name as the console last saw it in the channels list (any filter),
 * for a page that cannot read the channel itself any more: it names it instead of showing a UUID.
 */
export function cachedChannelName(client: QueryClient, uuid: string): string | undefined {
  for (const [, records] of client.getQueriesData<ChannelRecord[]>({
    queryKey: channelKeys.lists(),
  })) {
    const found = records?.find((record) => record.uuid === uuid);
    if (found) return found.name;
  }
  return undefined;
}

/**
 * Applies a change to a channel's cached record at once and returns the undo. Lists hold the same
 * records, so they are left to refetch rather than edited in place.
 */
async function patchCachedChannel(
  client: QueryClient,
  uuid: string,
  patch: (record: ChannelRecord) => ChannelRecord,
): Promise<() => void> {
  const key = channelKeys.detail(uuid);
  await client.cancelQueries({ queryKey: key });
  const previous = client.getQueryData<ChannelRecord>(key);
  if (previous) client.setQueryData<ChannelRecord>(key, patch(previous));
  return () => client.setQueryData(key, previous);
}

/**
 * `ifMatch`: the tag of the properties the change was made from; the cloud then answers 412 when
 * someone changed them meanwhile (docs/decisions/0171-properties-if-match.md).
 */
function setProperties(uuid: string, properties: Properties, ifMatch: string | undefined) {
  return apiRequest(`/v1/channels/${segment(uuid)}/properties`, {
    method: 'PUT',
    query: { properties: JSON.stringify(properties) },
    schema: (s) => s.StatusResult,
    ...(ifMatch === undefined ? {} : { headers: { 'If-Match': ifMatch } }),
  });
}

/** A channel's properties as the cloud has them now, with their tag when the cloud gives one. */
export interface PropertiesVersion {
  properties: Properties;
  tag?: string;
}

export async function readPropertiesVersion(uuid: string): Promise<PropertiesVersion> {
  const response = await apiResponse(`/v1/channels/${segment(uuid)}`, {});
  const tag = response.headers.get('etag') ?? undefined;
  const parsed = (await loadSchemas()).ChannelRecord.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      'The cloud’s answer does not follow the Telemetry Cloud interface.',
    );
  }
  return { properties: parsed.data.properties ?? {}, ...(tag === undefined ? {} : { tag }) };
}

function removeProperties(uuid: string, ifMatch: string | undefined) {
  return apiRequest(`/v1/channels/${segment(uuid)}/properties`, {
    method: 'DELETE',
    schema: (s) => s.StatusResult,
    ...(ifMatch === undefined ? {} : { headers: { 'If-Match': ifMatch } }),
  });
}

function withoutProperties(record: ChannelRecord): ChannelRecord {
  const { properties: _removed, ...rest } = record;
  return rest;
}

/** Optimistic: the table shows the new properties at once and rolls back if the cloud refuses. */
export function useSetProperties(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ properties, ifMatch }: { properties: Properties; ifMatch?: string }) =>
      setProperties(uuid, properties, ifMatch),
    onMutate: ({ properties }) =>
      patchCachedChannel(client, uuid, (record) =>
        Object.keys(properties).length === 0
          ? withoutProperties(record)
          : { ...record, properties },
      ),
    onError: (_error, _properties, undo) => undo?.(),
    onSettled: () => afterChannelChange(client, uuid),
  });
}

/**
 * Removes every property but those `keep` names, from the properties as they are now (read with
 * their tag, so a change made meanwhile is not undone: record 0171); all of them when none stay.
 */
export function useRemovePropertiesExcept(uuid: string, keep: (key: string) => boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const now = await readPropertiesVersion(uuid);
      const kept = Object.fromEntries(Object.entries(now.properties).filter(([key]) => keep(key)));
      return Object.keys(kept).length === 0
        ? removeProperties(uuid, now.tag)
        : setProperties(uuid, kept, now.tag);
    },
    onSettled: () => afterChannelChange(client, uuid),
  });
}

export interface PushSettings {
  to: string;
  interval: number;
  secret: string;
}

export function setPush(uuid: string, settings: PushSettings) {
  return apiRequest(`/v1/channels/${segment(uuid)}/push`, {
    method: 'PUT',
    query: { to: settings.to, interval: settings.interval, secret: settings.secret },
    schema: (s) => s.StatusResult,
  });
}

function removePush(uuid: string) {
  return apiRequest(`/v1/channels/${segment(uuid)}/push`, {
    method: 'DELETE',
    schema: (s) => s.StatusResult,
  });
}

export function useSetPush(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PushSettings) => setPush(uuid, settings),
    onSettled: () => afterPushChange(client, uuid),
  });
}

export function useRemovePush(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => removePush(uuid),
    onMutate: () =>
      patchCachedChannel(client, uuid, (record) => {
        const { pushURL: _removed, ...rest } = record;
        return { ...rest, pushInterval: 0 };
      }),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => afterPushChange(client, uuid),
  });
}
