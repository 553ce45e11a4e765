import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createContext } from 'react-router';
import { ApiError } from './errors.ts';
import { onReachableChange, reportAnswered, reportFailure } from './network-status.ts';

/** `meta.anonymous`: a request without credentials (the ping). */
function answered(meta: Record<string, unknown> | undefined): void {
  reportAnswered(meta?.anonymous === true);
}

/** Never retry what the cloud refused on purpose; retry what the network lost, a little. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && !error.isOutage && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: reportFailure,
      onSuccess: (_data, query) => answered(query.meta),
    }),
    mutationCache: new MutationCache({
      onError: reportFailure,
      onSuccess: (_data, _variables, _context, mutation) => answered(mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  recoverWhenReachable(client);
  return client;
}

/**
 * Once the cloud answers again, every page on screen that failed while it was away asks again by
 * itself: nobody has to find a Retry button. Drafts are kept by the forms throughout.
 */
function recoverWhenReachable(client: QueryClient): () => void {
  return onReachableChange((reachable) => {
    if (!reachable) return;
    void client.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
  });
}

/** Route loaders reach the query client through the router's context (warming the cache). */
export const queryClientContext = createContext<QueryClient>();
