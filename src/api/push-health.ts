import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, segment } from './client.ts';
import { auditKeys } from './audit.ts';

/** Push health: our cloud's extension (docs/decisions/0072-push-health.md). */
const healthKeys = {
  all: ['push-health'] as const,
  channel: (uuid: string) => [...healthKeys.all, 'channel', uuid] as const,
  list: () => [...healthKeys.all, 'list'] as const,
};

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
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: healthKeys.all }),
        client.invalidateQueries({ queryKey: ['channels', 'push-log'] }),
        client.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
