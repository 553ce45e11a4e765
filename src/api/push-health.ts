import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { afterPushTest } from './after-change.ts';
import { apiRequest, segment } from './client.ts';
import { pushHealthKeys as healthKeys } from './query-keys.ts';

export const channelPushHealthQuery = (channelUuid: string) =>
  queryOptions({
    queryKey: healthKeys.channel(channelUuid),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/channels/${segment(channelUuid)}/push/health`, {
        schema: (s) => s.PushHealth,
        signal,
      }),
    // A receiver that breaks or recovers shows within half a minute, page left open.
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

/** Every channel with push in reach: what the channel list paints red. */
export const pushHealthListQuery = () =>
  queryOptions({
    queryKey: healthKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('/v1/push/health', { schema: (s) => s.PushHealthList, signal }),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

/** One signed test delivery; its result lands in health, the delivery log and the audit trail. */
export function useSendTestEvent(channelUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/v1/channels/${segment(channelUuid)}/push/test`, {
        method: 'POST',
        schema: (s) => s.PushTestResult,
      }),
    onSettled: () => afterPushTest(client),
  });
}
