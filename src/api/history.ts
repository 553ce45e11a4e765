import { queryOptions } from '@tanstack/react-query';
import { apiRequest, segment } from './client.ts';

/** One request of the interface: at most one day and 10000 items (contract/limits.ts). */
export interface HistoryRequest {
  channelUuid: string;
  /** Epoch milliseconds, inclusive. */
  from: number;
  /** Epoch milliseconds, inclusive. */
  to: number;
  count?: number;
}

export const historyKeys = {
  all: ['history'] as const,
  channel: (channelUuid: string) => [...historyKeys.all, channelUuid] as const,
  slice: ({ channelUuid, from, to, count }: HistoryRequest) =>
    [...historyKeys.channel(channelUuid), { from, to, count }] as const,
};

/** Items come newest first; a caller pages backwards with `to` = the oldest `ts` it got. */
export function fetchHistory(request: HistoryRequest, signal?: AbortSignal) {
  return apiRequest(`/v1/channels/${segment(request.channelUuid)}/history`, {
    query: { from: request.from, to: request.to, count: request.count },
    schema: (s) => s.TimesliceList,
    signal,
  });
}

/** A fixed past range never changes, so its answer is kept for the session. */
export const historyQuery = (request: HistoryRequest) =>
  queryOptions({
    queryKey: historyKeys.slice(request),
    queryFn: ({ signal }) => fetchHistory(request, signal),
    staleTime: request.to < Date.now() - 60_000 ? Infinity : 15_000,
  });
