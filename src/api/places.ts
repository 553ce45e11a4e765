import { queryOptions } from '@tanstack/react-query';
import { backoffDelay, type Backoff } from '../../contract/backoff.ts';
import { apiRequest } from './client.ts';
import { ApiError } from './errors.ts';

/** Waits of 1–2 s, 2–4 s, 4–8 s, then 5–10 s between asks the geocoder refused (429). */
const GEOCODER_RETRY: Backoff = { firstMs: 2_000, maxMs: 10_000 };

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
    // Jittered (contract/backoff.ts), so the positions refused together do not come back together.
    retryDelay: (count) => backoffDelay(GEOCODER_RETRY, count + 1),
  });
};
