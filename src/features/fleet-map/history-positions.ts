import type { QueryClient } from '@tanstack/react-query';
import { HISTORY_MAX_COUNT, HISTORY_MAX_SPAN_MS } from '../../../contract/limits.ts';
import { channelListQuery } from '../../api/channels.ts';
import { ApiError } from '../../api/errors.ts';
import { membersQuery } from '../../api/groups.ts';
import { fetchHistory } from '../../api/history.ts';
import { forEachBounded } from '../../lib/bounded.ts';
import { FleetBuilder, type FleetNode } from '../../lib/history/fleet-positions.ts';
import {
  historyVerdict,
  planFleetRequests,
  type FleetChannel,
  type HiddenChannel,
} from '../../lib/history/fleet-requests.ts';
import type { PermissionMap } from '../../lib/permissions.ts';

/**
 * History requests in flight at once when the cloud has no latest-positions extension: a handful,
 * so a fleet of 10000 nodes is never 10000 requests at once (which browsers refuse with
 * ERR_INSUFFICIENT_RESOURCES), with room left for the page's other requests.
 */
const FLEET_CONCURRENCY = 6;
/**
 * Positions are handed to the page at most this often while they arrive, and less often the more
 * there are (each hand-over sorts, lists and clusters them all again): 1 s at 10,000 nodes.
 */
const PUBLISH_MS = 500;
const publishEvery = (shown: number) => Math.max(PUBLISH_MS, shown / 10);

export interface FleetProgress {
  nodes: FleetNode[];
  /** Requests answered (or failed) so far, of `total`. */
  done: number;
  total: number;
  /** Channels not asked for, because the person may not read their history. */
  hidden: HiddenChannel[];
  /** What went wrong with requests that should have worked (the network, the cloud). */
  failures: string[];
}

export interface HistoryFleetOptions {
  client: QueryClient;
  /** A group's uuid, or undefined for every node in reach. */
  scope: string | undefined;
  /** Positions at or before this instant, from the day before it. */
  at: number;
  permissions: PermissionMap;
  /** Channels the cloud refused before (uuid → its words); grows with new refusals. */
  refused: Map<string, string>;
  signal: AbortSignal;
  onProgress: (progress: FleetProgress) => void;
}

const isRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * Latest positions from history alone (the interface has nothing better): one request per group
 * plus one per node no group holds, each for the day before `at`, with bounded concurrency.
 * Positions are reported as they arrive; aborting `signal` (the person left the page) stops it.
 */
export async function loadFleetFromHistory({
  client,
  scope,
  at,
  permissions,
  refused,
  signal,
  onProgress,
}: HistoryFleetOptions): Promise<FleetProgress> {
  const groups = await client.fetchQuery(channelListQuery({ channelType: 'GROUP' }));
  const nodes: FleetChannel[] =
    scope === undefined ? await client.fetchQuery(channelListQuery({ channelType: 'NODE' })) : [];
  const members = new Map<string, FleetChannel[]>();
  if (scope === undefined) {
    const readable = groups.filter(
      (group) => historyVerdict(permissions, group).allowed && !refused.has(group.uuid),
    );
    await forEachBounded(
      readable,
      async (group) => {
        try {
          members.set(group.uuid, await client.fetchQuery(membersQuery(group.uuid)));
        } catch (error) {
          if (signal.aborted) throw error;
          // A group whose members cannot be listed covers nothing: its nodes are asked one by one.
        }
      },
      { concurrency: FLEET_CONCURRENCY, signal },
    );
  }
  const plan = planFleetRequests(
    scope,
    groups,
    nodes,
    (uuid) => members.get(uuid),
    permissions,
    refused,
  );
  const byUuid = new Map<string, FleetChannel>([...groups, ...nodes].map((c) => [c.uuid, c]));
  const builder = new FleetBuilder(at);
  const progress: FleetProgress = {
    nodes: [],
    done: 0,
    total: plan.ask.length,
    hidden: plan.hidden,
    failures: [],
  };
  let published = 0;
  const publish = (force: boolean) => {
    const now = performance.now();
    if (!force && now - published < publishEvery(progress.nodes.length)) return;
    published = now;
    progress.nodes = builder.nodes();
    onProgress({ ...progress, hidden: [...progress.hidden], failures: [...progress.failures] });
  };
  publish(true);
  const ask = async (channelUuid: string) => {
    try {
      const items = await fetchHistory(
        { channelUuid, from: at - HISTORY_MAX_SPAN_MS, to: at, count: HISTORY_MAX_COUNT },
        signal,
      );
      builder.addHistory(items);
      if (items.length >= HISTORY_MAX_COUNT) full.push(channelUuid);
    } catch (error) {
      if (signal.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (isRefusal(error)) {
        // Never asked again while the page is open: it would be refused at every refresh.
        refused.set(channelUuid, message);
        const channel = byUuid.get(channelUuid);
        progress.hidden.push({
          uuid: channelUuid,
          name: channel?.name ?? channelUuid,
          channelType: channel?.channelType ?? 'NODE',
          tenant: channel?.tenant,
          reason: message,
        });
      } else {
        progress.failures.push(message);
      }
    }
    progress.done += 1;
    publish(false);
  };
  const bounded = { concurrency: FLEET_CONCURRENCY, signal };
  // A group's answer holds its newest 10,000 messages of the day: when it is full, members whose
  // position is older are not in it, and are asked one by one (never asked otherwise).
  const full: string[] = [];
  await forEachBounded(plan.ask, ask, bounded);
  const missing = new Set<string>();
  for (const groupUuid of full) {
    for (const member of members.get(groupUuid) ?? []) {
      if (member.channelType !== 'NODE' || builder.hasPosition(member.uuid)) continue;
      if (historyVerdict(permissions, member).allowed && !refused.has(member.uuid)) {
        missing.add(member.uuid);
      }
    }
  }
  progress.total += missing.size;
  await forEachBounded([...missing], ask, bounded);
  publish(true);
  return { ...progress, nodes: builder.nodes() };
}
