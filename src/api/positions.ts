import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { positionsRoot } from './query-keys.ts';

/** What the latest-positions extension is asked: a group or every node, up to `to` (or now). */
export interface PositionsRequest {
  group?: string | undefined;
  /** Epoch ms; undefined asks for now, as the cloud's clock has it. */
  to?: number | undefined;
}

const positionKeys = {
  all: positionsRoot,
  scope: ({ group, to }: PositionsRequest) =>
    [...positionKeys.all, { group: group ?? null, to: to ?? 'now' }] as const,
};

/**
 * How long before the moment the extension is asked again, for each node's fix before its newest:
 * a moving node sends a fix every 30–60 s, so its newest is within this and the one before it is
 * not, and the speed between the two tells whether it was moving (docs/decisions/0062).
 */
const BEFORE_MS = 2 * 60_000;

/** Our cloud's extension (src/api/extensions.ts finds it): every node's newest fix, one request. */
function fetchLatestPositions({ group, to }: PositionsRequest, signal?: AbortSignal) {
  return apiRequest('/v1/positions', {
    query: { group, to },
    schema: (s) => s.LatestPositions,
    signal,
  });
}

/**
 * The extension's answer at the moment, and `before`: its answer BEFORE_MS earlier (the second
 * request asks for the first answer's `to`, the cloud's clock, minus BEFORE_MS).
 */
async function fetchPositionsAround(request: PositionsRequest, signal?: AbortSignal) {
  const answer = await fetchLatestPositions(request, signal);
  const before = await fetchLatestPositions(
    { group: request.group, to: answer.to - BEFORE_MS },
    signal,
  );
  return { ...answer, before: before.nodes };
}

/** A node's name as the Fleet map last showed it (see cachedChannelName in channels.ts). */
export function cachedNodeName(client: QueryClient, nodeUuid: string): string | undefined {
  for (const [, answer] of client.getQueriesData<{
    nodes: { nodeUuid: string; nodeName: string }[];
  }>({ queryKey: positionKeys.all })) {
    const found = answer?.nodes.find((node) => node.nodeUuid === nodeUuid);
    if (found) return found.nodeName;
  }
  return undefined;
}

export const latestPositionsQuery = (request: PositionsRequest) =>
  queryOptions({
    queryKey: positionKeys.scope(request),
    queryFn: ({ signal }) => fetchPositionsAround(request, signal),
    // A past moment does not change; "now" is refreshed by the page.
    staleTime: request.to === undefined ? 15_000 : Infinity,
  });
