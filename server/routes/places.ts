import { z } from 'zod';
import { PlaceName } from '../../contract/places.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiError } from '../http/errors.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { GeocoderBusy, type NominatimGeocoder } from '../geocoder/nominatim.ts';

/** Decimal degrees as a query parameter: digits, a sign and a point only (no "", no 1e3). */
const degrees = (max: number, what: string) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.number().min(-max, `must be ${what}`).max(max, `must be ${what}`));

/**
 * Our extension, offered only when GEOCODER_URL is set: the name of the place at a position, for
 * stops and excursions that none of the owner's named places holds.
 */
export function placeRoutes(app: ZodApp, geocoder: NominatimGeocoder): void {
  app.get(
    '/v1/places/reverse',
    {
      schema: {
        tags: ['extension: places'],
        summary: 'Name of the place at a position (extension)',
        description:
          'Any signed-in user. Asks the configured Nominatim server (GEOCODER_URL) at most once ' +
          'a second and keeps its answers (positions rounded to about 10 m), as its usage ' +
          'policy asks; `name` is null where it knows none or could not be reached. 429 with ' +
          'Retry-After while too many positions wait for their turn.',
        querystring: z.strictObject({
          lat: degrees(90, 'a latitude, -90 to 90'),
          lon: degrees(180, 'a longitude, -180 to 180'),
        }),
        response: responses(PlaceName, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      callerOf(request);
      const { lat, lon } = request.query;
      try {
        return { lat, lon, name: await geocoder.reverse(lat, lon) };
      } catch (error) {
        if (!(error instanceof GeocoderBusy)) throw error;
        throw new ApiError('TOO_MANY_REQUESTS', error.message, {
          'retry-after': String(error.retryAfterS),
        });
      }
    },
  );
}
