import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Alarm, AlarmChange, AlarmKind, AlarmSeverity } from '../../contract/alarms.ts';
import { afterAlarmDecision } from './after-change.ts';
import { apiRequest, segment } from './client.ts';
import { alarmsRoot } from './query-keys.ts';

export type AlarmStateFilter = 'raised' | 'acknowledged' | 'active' | 'cleared';

export interface AlarmFilters {
  state?: AlarmStateFilter | undefined;
  kind?: AlarmKind | undefined;
  /** A group, node or sensor channel. */
  channel?: string | undefined;
  severity?: AlarmSeverity | undefined;
  /** Raised at or after this moment (epoch ms). */
  from?: number | undefined;
}

const alarmKeys = {
  all: alarmsRoot,
  list: (filters: AlarmFilters) =>
    [
      ...alarmKeys.all,
      'list',
      {
        state: filters.state,
        kind: filters.kind,
        channel: filters.channel,
        severity: filters.severity,
        from: filters.from,
      },
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

/**
 * Every alarm that matches, a page at a time (the Alarms page, issue 34): `next` is the cursor
 * of the older page, asked for when the person wants more.
 */
export const alarmPagesQuery = (filters: AlarmFilters, count = 100) =>
  infiniteQueryOptions({
    queryKey: [...alarmKeys.list(filters), 'pages', count] as const,
    queryFn: ({ signal, pageParam }) =>
      apiRequest('/v1/alarms', {
        query: { ...filters, count, cursor: pageParam },
        schema: (s) => s.AlarmPage,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
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
    onSettled: () => afterAlarmDecision(client),
  });
}

/** The most pages of active alarms the Fleet map reads (1,000 each): a fleet's worth. */
const ACTIVE_PAGES = 10;

/**
 * Every active alarm in `scope` (a group, or all in reach), for the Fleet map's markers: one
 * request per thousand alarms, never one per node.
 */
export const activeAlarmsQuery = (scope: string | undefined) =>
  queryOptions({
    queryKey: [...alarmKeys.all, 'active', scope ?? null] as const,
    queryFn: async ({ signal }) => {
      const alarms: Alarm[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < ACTIVE_PAGES; page++) {
        const answer = await apiRequest('/v1/alarms', {
          query: { state: 'active', channel: scope, count: 1_000, cursor },
          schema: (s) => s.AlarmPage,
          signal,
        });
        alarms.push(...answer.alarms);
        cursor = answer.next;
        if (cursor === undefined) break;
      }
      return alarms;
    },
    refetchInterval: 60_000,
    staleTime: 10_000,
  });

/** An alarm as a live stream last told of it, and when that was heard. */
export interface StreamedAlarm {
  alarm: Alarm;
  at: number;
}

/** Changes a live stream brought (`event: alarm`), by alarm id, newest state of each. */
export const alarmChangesKey = ['alarm-changes'] as const;
/** The changes kept: alarms are few, but a console open for days is not let to grow. */
const CHANGES_KEPT = 5_000;

const stateRank = { raised: 0, acknowledged: 1, cleared: 2 } as const;

/** The later of two versions of one alarm: its life only moves on (raised → acknowledged → cleared). */
export const laterOf = (a: Alarm, b: Alarm): Alarm =>
  stateRank[b.state] >= stateRank[a.state] ? b : a;

const invalidating = new WeakSet<QueryClient>();

/**
 * An `event: alarm` from a live stream: kept for the Fleet map at once, and the alarm lists (the
 * header's badge) asked again within half a second however many arrive together.
 */
export function recordAlarmChange(client: QueryClient, change: AlarmChange): void {
  client.setQueryData<ReadonlyMap<string, StreamedAlarm>>(alarmChangesKey, (previous) => {
    const next = new Map(previous);
    const known = next.get(change.alarm.id)?.alarm;
    next.delete(change.alarm.id);
    const alarm = known ? laterOf(known, change.alarm) : change.alarm;
    next.set(change.alarm.id, { alarm, at: Date.now() });
    for (const id of next.keys()) {
      if (next.size <= CHANGES_KEPT) break;
      next.delete(id);
    }
    return next;
  });
  if (invalidating.has(client)) return;
  invalidating.add(client);
  setTimeout(() => {
    invalidating.delete(client);
    void client.invalidateQueries({ queryKey: alarmKeys.all });
  }, 500);
}
