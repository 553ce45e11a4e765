import { Circle, Polygon, Tooltip } from 'react-leaflet';
import type { NamedPlace } from '../../../contract/named-places.ts';

const STYLE = { color: '#7048e8', weight: 1.5, fillOpacity: 0.08 };

/** Named places (circles and polygons, record 0173) under the nodes, each named on hover. */
export function PlacesLayer({ places }: { places: readonly NamedPlace[] }) {
  return places.map((place) => {
    const key = `${place.name}:${place.lat}:${place.lon}`;
    const name = <Tooltip sticky>{place.name}</Tooltip>;
    return place.polygon ? (
      <Polygon key={key} positions={place.polygon} pathOptions={STYLE}>
        {name}
      </Polygon>
    ) : (
      <Circle key={key} center={[place.lat, place.lon]} radius={place.radius} pathOptions={STYLE}>
        {name}
      </Circle>
    );
  });
}
