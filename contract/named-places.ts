import { distanceM } from './distance.ts';
import { productPropertiesProblem } from './product-properties.ts';

/**
 * Named places from properties, `{"places": [{"name", "lat", "lon", "radius"}]}` (radius in
 * metres; docs/decisions/0060-properties-the-product-reads.md): the owner's depots and customers,
 * by which stops and excursions are named (docs/decisions/0063-places-not-coordinates.md).
 */
export interface NamedPlace {
  name: string;
  lat: number;
  lon: number;
  radius: number;
}

/**
 * The places a channel's properties name; none when its properties cannot be used (the Properties
 * form and the cloud refuse such places now; older ones are not guessed at).
 */
export function readPlaces(properties: Record<string, unknown> | undefined): NamedPlace[] {
  const places = properties?.places;
  if (!Array.isArray(places) || productPropertiesProblem({ places }) !== undefined) return [];
  return places.map((place: NamedPlace) => ({
    name: place.name.trim(),
    lat: place.lat,
    lon: place.lon,
    radius: place.radius,
  }));
}

/** The place whose circle holds the position; of several, the one whose centre is nearest. */
export function nearestPlace(
  places: readonly NamedPlace[],
  lat: number,
  lon: number,
): NamedPlace | undefined {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  let best: NamedPlace | undefined;
  let bestM = Number.POSITIVE_INFINITY;
  for (const place of places) {
    const d = distanceM(place.lat, place.lon, lat, lon);
    if (d <= place.radius && d < bestM) {
      best = place;
      bestM = d;
    }
  }
  return best;
}
