import { z } from 'zod';

/** Our extension's answer: the name of the place at a position, from the cloud's geocoder. */
export const PlaceName = z
  .object({
    lat: z.number(),
    lon: z.number(),
    name: z.string().nullable().describe('Null when the geocoder knows no name there'),
  })
  .meta({ id: 'PlaceName' });
export type PlaceName = z.infer<typeof PlaceName>;
