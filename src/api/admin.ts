import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

const adminKeys = { ping: ['admin', 'ping'] as const };

export function ping(signal?: AbortSignal) {
  return apiRequest('/v1/admin/ping', { schema: (s) => s.StatusResult, signal, anonymous: true });
}

export const pingQuery = () =>
  queryOptions({
    queryKey: adminKeys.ping,
    queryFn: ({ signal }) => ping(signal),
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    retry: false,
  });
