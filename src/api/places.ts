import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { ApiError } from './errors.ts';

/** Rounded as the cloud rounds them (about 10 m): one answer serves a stop's scatter. */
const rounded = (degrees: number) => Math.round(degrees * 10_000) / 10_000;

/**
 * The name the cloud's geocoder gives a position (our extension, GET /v1/places/reverse; the
 * console asks only where the cloud offers it, and never a third party itself). Kept for the
 * session: a place does not move.
 */
export const placeNameQuery = (lat: number, lon: number) => {
  const at = { lat: rounded(lat), lon: rounded(lon) };
  return queryOptions({
    queryKey: ['place-name', at] as const,
    queryFn: ({ signal }) =>
      apiRequest('/v1/places/reverse', {
        query: { lat: String(at.lat), lon: String(at.lon) },
        schema: (s) => s.PlaceName,
        signal,
      }),
    staleTime: Infinity,
    // The cloud asks its geocoder once a second: while many positions wait it says 429; asked
    // again a little later, the answer is there.
    retry: (count, error) => count < 5 && error instanceof ApiError && error.status === 429,
    retryDelay: (count) => 2_000 * (count + 1),
  });
};
