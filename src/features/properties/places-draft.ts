import type { Properties } from '../../../contract/channel.ts';
import { circleAround } from '../../../contract/named-places.ts';
import { productPropertiesProblem } from '../../../contract/product-properties.ts';

export type PlaceShape =
  | { kind: 'circle'; lat: number; lon: number; radius: number }
  | { kind: 'polygon'; corners: [number, number][] };

/** A place as the editor holds it: its name as typed, its shape as drawn, keys it keeps as they are. */
export interface DraftPlace {
  id: string;
  name: string;
  shape: PlaceShape;
  extra: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

let counter = 0;
export const newPlaceId = () => `place-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** The channel's own places, as the editor starts from them. */
export function draftPlaces(properties: Properties): DraftPlace[] {
  const places = properties.places;
  if (!Array.isArray(places)) return [];
  return places.filter(isObject).map((place) => {
    const { name, lat, lon, radius, polygon, ...extra } = place;
    const shape: PlaceShape = Array.isArray(polygon)
      ? {
          kind: 'polygon',
          corners: polygon.map((corner: unknown): [number, number] =>
            Array.isArray(corner) ? [num(corner[0]), num(corner[1])] : [Number.NaN, Number.NaN],
          ),
        }
      : { kind: 'circle', lat: num(lat), lon: num(lon), radius: num(radius) };
    return { id: newPlaceId(), name: typeof name === 'string' ? name : '', shape, extra };
  });
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The `places` property the drafts make. Coordinates to 6 decimals (about 10 cm), radii to the
 * metre. A polygon also carries the circle around it: a console that reads only circles (the
 * previous release) then still names positions in it, roughly, instead of dropping every place.
 */
export function placesValue(places: readonly DraftPlace[]): unknown[] {
  return places.map(({ name, shape, extra }) => {
    if (shape.kind === 'circle') {
      return {
        ...extra,
        name: name.trim(),
        lat: round(shape.lat, 6),
        lon: round(shape.lon, 6),
        radius: Math.max(1, Math.round(shape.radius)),
      };
    }
    const polygon = shape.corners.map(([lat, lon]): [number, number] => [
      round(lat, 6),
      round(lon, 6),
    ]);
    const circle = polygon.length > 0 ? circleAround(polygon) : { lat: 0, lon: 0, radius: 1 };
    return {
      ...extra,
      name: name.trim(),
      polygon,
      lat: round(circle.lat, 6),
      lon: round(circle.lon, 6),
      radius: circle.radius,
    };
  });
}

/** The cloud's reason (the same rule) for the place it is about, by its position in the list. */
export function placesProblem(
  places: readonly DraftPlace[],
): { index: number; reason: string } | undefined {
  const reason = productPropertiesProblem({ places: placesValue(places) });
  if (reason === undefined) return undefined;
  const index = Number(/places\[(\d+)\]/.exec(reason)?.[1] ?? 0);
  return { index, reason };
}
