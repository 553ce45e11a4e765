import { distanceM } from './distance.ts';
import { productPropertiesProblem } from './product-properties.ts';

/**
 * Named places from properties (docs/decisions/0060-properties-the-product-reads.md): the owner's
 * depots and customers, by which stops and excursions are named
 * (docs/decisions/0063-places-not-coordinates.md). A circle, `{"name", "lat", "lon", "radius"}`
 * (radius in metres), or a polygon, `{"name", "polygon": [[lat, lon], …]}`
 * (docs/decisions/0173-places-drawn-on-the-map.md). Read, every place has a centre and a radius
 * (of a polygon: the mean of its corners and the farthest corner), so that "the nearest centre"
 * and the alarm's copy of a place mean the same for both shapes.
 */
export interface NamedPlace {
  name: string;
  lat: number;
  lon: number;
  radius: number;
  /** The corners `[lat, lon]` of a polygon; the place is what they enclose. */
  polygon?: [number, number][];
}

/** The centre (mean of the corners) and the circle around a polygon, in metres. */
export function circleAround(polygon: readonly (readonly [number, number])[]): {
  lat: number;
  lon: number;
  radius: number;
} {
  const lat = polygon.reduce((sum, [y]) => sum + y, 0) / polygon.length;
  const lon = polygon.reduce((sum, [, x]) => sum + x, 0) / polygon.length;
  const radius = Math.max(...polygon.map(([y, x]) => distanceM(lat, lon, y, x)));
  // A degenerate polygon (all corners on one spot) still has a circle of a metre.
  return { lat, lon, radius: Math.max(1, Math.ceil(radius)) };
}

/**
 * The places a channel's properties name; none when its properties cannot be used (the Properties
 * form and the cloud refuse such places now; older ones are not guessed at).
 */
export function readPlaces(properties: Record<string, unknown> | undefined): NamedPlace[] {
  const places = properties?.places;
  if (!Array.isArray(places) || productPropertiesProblem({ places }) !== undefined) return [];
  return places.map((place: NamedPlace) => {
    const name = place.name.trim();
    if (place.polygon === undefined) {
      return { name, lat: place.lat, lon: place.lon, radius: place.radius };
    }
    const polygon = place.polygon.map(([lat, lon]): [number, number] => [lat, lon]);
    const circle =
      place.lat === undefined
        ? circleAround(polygon)
        : { lat: place.lat, lon: place.lon, radius: place.radius };
    return { name, ...circle, polygon };
  });
}

/** Whether a point lies inside a polygon (even-odd rule, in degrees: places are small). */
export function insidePolygon(
  polygon: readonly (readonly [number, number])[],
  lat: number,
  lon: number,
): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i] ?? [0, 0];
    const [yj, xj] = polygon[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The place that holds the position (its circle, or its polygon); of several, the nearest centre. */
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
    const holds = place.polygon ? insidePolygon(place.polygon, lat, lon) : d <= place.radius;
    if (holds && d < bestM) {
      best = place;
      bestM = d;
    }
  }
  return best;
}
