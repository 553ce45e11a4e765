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

/** Items come newest first; a caller pages backwards with `to` = the oldest `ts` it got. */
export function fetchHistory(request: HistoryRequest, signal?: AbortSignal) {
  return apiRequest(`/v1/channels/${segment(request.channelUuid)}/history`, {
    query: { from: request.from, to: request.to, count: request.count },
    schema: (s) => s.TimesliceList,
    signal,
  });
}
