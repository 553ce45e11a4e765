import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmKind } from '../../contract/alarms.ts';
import { apiRequest, segment } from './client.ts';

export type AlarmStateFilter = 'raised' | 'acknowledged' | 'active' | 'cleared';

export interface AlarmFilters {
  state?: AlarmStateFilter | undefined;
  kind?: AlarmKind | undefined;
  /** A group, node or sensor channel. */
  channel?: string | undefined;
}

const alarmKeys = {
  all: ['alarms'] as const,
  list: (filters: AlarmFilters) =>
    [
      ...alarmKeys.all,
      'list',
      { state: filters.state, kind: filters.kind, channel: filters.channel },
    ] as const,
};

/** Our cloud's alarms extension (src/api/extensions.ts finds it): the newest first page. */
export const alarmsQuery = (filters: AlarmFilters, count = 200) =>
  queryOptions({
    queryKey: [...alarmKeys.list(filters), count] as const,
    queryFn: ({ signal }) =>
      apiRequest('/v1/alarms', {
        query: { ...filters, count },
        schema: (s) => s.AlarmPage,
        signal,
      }),
    // Alarms come while nobody looks: the badge and the page ask again every half minute.
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

/** Acknowledge or clear, with a comment; every alarm list is asked again after. */
export function useAlarmDecision(action: 'acknowledge' | 'clear') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: string }) =>
      apiRequest(`/v1/alarms/${segment(id)}/${action}`, {
        method: 'POST',
        body: { comment },
        schema: (s) => s.Alarm,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
