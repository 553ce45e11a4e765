import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { HISTORY_MAX_COUNT, HISTORY_MAX_SPAN_MS } from '../../../contract/limits.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { channelListQuery } from '../../api/channels.ts';
import { membersQuery } from '../../api/groups.ts';
import { historyQuery } from '../../api/history.ts';
import { latestPositions, type FleetNode } from '../../lib/history/fleet-positions.ts';
import { fleetRequests } from '../../lib/history/fleet-requests.ts';

/** How often live positions are asked for again. */
const REFRESH_MS = 60_000;
/** The recent window each request covers: the longest one request may span. */
const WINDOW_MS = HISTORY_MAX_SPAN_MS;

export interface FleetPositions {
  nodes: FleetNode[];
  /** The instant the positions are for: now (refreshed) or the chosen past moment. */
  at: number;
  /** The live clock, advanced at each refresh. */
  now: number;
  groups: { uuid: string; name: string }[];
  loading: boolean;
  /** Requests that failed, with the cloud's reason (e.g. no history permission in a tenant). */
  failures: { channelUuid: string; error: unknown }[];
  updatedAt: number;
}

/** One result for all answers, which TanStack Query keeps stable while nothing changes. */
function combineAnswers(results: UseQueryResult<Timeslice[]>[]) {
  return {
    data: results.flatMap((result) => (result.data ? [result.data] : [])),
    pending: results.some((result) => result.isPending),
    errors: results.flatMap((result, index) =>
      result.isError ? [{ index, error: result.error as unknown }] : [],
    ),
    updatedAt: Math.max(0, ...results.map((result) => result.dataUpdatedAt)),
  };
}

/**
 * Latest positions of every node in scope, from one request of the recent window per group or
 * per node channel no group covers (never one per member), refreshed every minute when live.
 */
export function useFleetPositions(
  scope: string | undefined,
  moment: number | undefined,
): FleetPositions {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (moment !== undefined) return;
    const timer = setInterval(() => setTick(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, [moment]);
  const at = moment ?? tick;

  const groups = useQuery(channelListQuery({ channelType: 'GROUP' }));
  const all = scope === undefined;
  const nodeChannels = useQuery({ ...channelListQuery({ channelType: 'NODE' }), enabled: all });
  const members = useQueries({
    queries: all ? (groups.data ?? []).map((group) => membersQuery(group.uuid)) : [],
  });
  const membersByGroup = new Map(
    (groups.data ?? []).map((group, i) => [group.uuid, members[i]?.data]),
  );
  const ready =
    !all || (groups.isSuccess && nodeChannels.isSuccess && members.every((m) => !m.isPending));
  const channels = ready
    ? fleetRequests(scope, groups.data ?? [], nodeChannels.data ?? [], (uuid) =>
        membersByGroup.get(uuid),
      )
    : [];

  const answers = useQueries({
    queries: channels.map((channelUuid) => ({
      ...historyQuery({ channelUuid, from: at - WINDOW_MS, to: at, count: HISTORY_MAX_COUNT }),
      placeholderData: keepPreviousData,
    })),
    combine: combineAnswers,
  });
  const nodes = useMemo(() => latestPositions(answers.data, at), [answers.data, at]);
  return {
    nodes,
    at,
    now: tick,
    groups: (groups.data ?? []).map(({ uuid, name }) => ({ uuid, name })),
    loading: !ready || answers.pending,
    failures: answers.errors.map(({ index, error }) => ({
      channelUuid: channels[index] ?? '',
      error,
    })),
    updatedAt: answers.updatedAt,
  };
}
