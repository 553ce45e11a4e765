import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** What the latest-positions extension is asked: a group or every node, up to `to` (or now). */
export interface PositionsRequest {
  group?: string | undefined;
  /** Epoch ms; undefined asks for now, as the cloud's clock has it. */
  to?: number | undefined;
}

const positionKeys = {
  all: ['positions'] as const,
  scope: ({ group, to }: PositionsRequest) =>
    [...positionKeys.all, { group: group ?? null, to: to ?? 'now' }] as const,
};

/** Our cloud's extension (src/api/extensions.ts finds it): every node's newest fix, one request. */
function fetchLatestPositions({ group, to }: PositionsRequest, signal?: AbortSignal) {
  return apiRequest('/v1/positions', {
    query: { group, to },
    schema: (s) => s.LatestPositions,
    signal,
  });
}

export const latestPositionsQuery = (request: PositionsRequest) =>
  queryOptions({
    queryKey: positionKeys.scope(request),
    queryFn: ({ signal }) => fetchLatestPositions(request, signal),
    // A past moment does not change; "now" is refreshed by the page.
    staleTime: request.to === undefined ? 15_000 : Infinity,
  });
