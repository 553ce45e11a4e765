import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelRecord } from '../../contract/channel.ts';
import { afterGroupCreated, afterMembershipChange } from './after-change.ts';
import { apiRequest, segment } from './client.ts';
import { groupKeys } from './query-keys.ts';

function fetchMembers(groupUuid: string, signal?: AbortSignal) {
  return apiRequest(`/v1/groups/${segment(groupUuid)}`, {
    schema: (s) => s.ChannelRecordList,
    signal,
  });
}

export const membersQuery = (groupUuid: string) =>
  queryOptions({
    queryKey: groupKeys.members(groupUuid),
    queryFn: ({ signal }) => fetchMembers(groupUuid, signal),
    staleTime: 15_000,
  });

/** `tenant`: our cloud's extension, sent only when the person chose among several tenants. */
function createGroup({ name, tenant }: { name: string; tenant?: string | undefined }) {
  return apiRequest(`/v1/groups/${segment(name)}`, {
    method: 'POST',
    query: { tenant },
    schema: (s) => s.ChannelRecord,
  });
}

function addMember(groupUuid: string, memberUuid: string) {
  return apiRequest(`/v1/groups/${segment(groupUuid)}/${segment(memberUuid)}`, {
    method: 'POST',
    schema: (s) => s.StatusResult,
  });
}

function removeMember(groupUuid: string, memberUuid: string) {
  return apiRequest(`/v1/groups/${segment(groupUuid)}/${segment(memberUuid)}`, {
    method: 'DELETE',
    schema: (s) => s.StatusResult,
  });
}

function removeAllMembers(groupUuid: string) {
  return apiRequest(`/v1/groups/${segment(groupUuid)}`, {
    method: 'DELETE',
    schema: (s) => s.StatusResult,
  });
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => afterGroupCreated(client),
  });
}

export interface AddMembersResult {
  added: ChannelRecord[];
  failed: { channel: ChannelRecord; error: unknown }[];
}

/** The interface adds one member per request; each outcome is reported, not just the first. */
export function useAddMembers(groupUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (channels: ChannelRecord[]): Promise<AddMembersResult> => {
      const outcomes = await Promise.allSettled(
        channels.map((channel) => addMember(groupUuid, channel.uuid)),
      );
      const result: AddMembersResult = { added: [], failed: [] };
      outcomes.forEach((outcome, index) => {
        const channel = channels[index];
        if (channel === undefined) return;
        if (outcome.status === 'fulfilled') result.added.push(channel);
        else result.failed.push({ channel, error: outcome.reason });
      });
      return result;
    },
    onSettled: () => afterMembershipChange(client, groupUuid),
  });
}

async function optimisticMembers(
  client: ReturnType<typeof useQueryClient>,
  groupUuid: string,
  keep: (member: ChannelRecord) => boolean,
) {
  const key = groupKeys.members(groupUuid);
  await client.cancelQueries({ queryKey: key });
  const previous = client.getQueryData<ChannelRecord[]>(key);
  if (previous) client.setQueryData<ChannelRecord[]>(key, previous.filter(keep));
  return () => client.setQueryData(key, previous);
}

export function useRemoveMember(groupUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberUuid: string) => removeMember(groupUuid, memberUuid),
    onMutate: (memberUuid) =>
      optimisticMembers(client, groupUuid, (member) => member.uuid !== memberUuid),
    onError: (_error, _uuid, undo) => undo?.(),
    onSettled: () => afterMembershipChange(client, groupUuid),
  });
}

export function useRemoveAllMembers(groupUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => removeAllMembers(groupUuid),
    onMutate: () => optimisticMembers(client, groupUuid, () => false),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => afterMembershipChange(client, groupUuid),
  });
}
