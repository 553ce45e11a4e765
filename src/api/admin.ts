import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { isCloudReachable } from './network-status.ts';

const adminKeys = { ping: ['admin', 'ping'] as const };

/** Every 30 s while the cloud answers; every 5 s while it does not, to notice its return. */
const PING_MS = 30_000;
const PING_UNREACHABLE_MS = 5_000;

function ping(signal?: AbortSignal) {
  return apiRequest('/v1/admin/ping', { schema: (s) => s.StatusResult, signal, anonymous: true });
}

export const pingQuery = () =>
  queryOptions({
    queryKey: adminKeys.ping,
    queryFn: ({ signal }) => ping(signal),
    refetchInterval: () => (isCloudReachable() ? PING_MS : PING_UNREACHABLE_MS),
    refetchIntervalInBackground: false,
    retry: false,
    meta: { anonymous: true },
  });
