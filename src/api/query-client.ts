import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createContext } from 'react-router';
import { ApiError } from './errors.ts';
import { reportReachable } from './network-status.ts';

function observe(error: unknown): void {
  if (error instanceof ApiError) reportReachable(!error.isNetwork);
}

/** Never retry what the cloud refused on purpose; retry what the network lost, a little. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && !error.isNetwork && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: observe,
      onSuccess: () => reportReachable(true),
    }),
    mutationCache: new MutationCache({
      onError: observe,
      onSuccess: () => reportReachable(true),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** Route loaders reach the query client through the router's context (warming the cache). */
export const queryClientContext = createContext<QueryClient>();
