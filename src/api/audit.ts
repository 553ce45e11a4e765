import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AuditKind } from '../../contract/audit.ts';
import { apiRequest } from './client.ts';

export interface AuditFilters {
  channel?: string | undefined;
  /** A username. */
  actor?: string | undefined;
  kind?: AuditKind | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, limit: number) =>
    [
      ...auditKeys.all,
      {
        channel: filters.channel,
        actor: filters.actor,
        kind: filters.kind,
        from: filters.from,
        to: filters.to,
      },
      limit,
    ] as const,
};

/** The audit trail, newest first, a page at a time (`next` is the cursor of the older page). */
export const auditQuery = (filters: AuditFilters, limit = 100) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters, limit),
    queryFn: ({ signal, pageParam }) =>
      apiRequest('/v1/audit', {
        query: { ...filters, limit, cursor: pageParam },
        schema: (s) => s.AuditPage,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    staleTime: 10_000,
  });

/** The newest changes to one channel (and the groups it joined or left): one page. */
export const channelAuditQuery = (channelUuid: string, limit: number) =>
  queryOptions({
    queryKey: [...auditKeys.all, 'channel', channelUuid, limit] as const,
    queryFn: ({ signal }) =>
      apiRequest('/v1/audit', {
        query: { channel: channelUuid, limit },
        schema: (s) => s.AuditPage,
        signal,
      }),
    staleTime: 10_000,
  });
