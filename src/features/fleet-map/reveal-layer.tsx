import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * On a phone, a node tapped on the map gets a card over the map's lower part: when the node lies
 * under that card (or beyond the map's edge), the map pans it to the middle of the part above,
 * without zooming. Renders nothing.
 */
export function RevealLayer({
  position,
  bottomInset,
}: {
  position: [number, number] | undefined;
  bottomInset: number;
}): null {
  const map = useMap();
  const lat = position?.[0];
  const lon = position?.[1];
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    const size = map.getSize();
    const open = size.y - bottomInset;
    const point = map.latLngToContainerPoint([lat, lon]);
    if (point.y >= 0 && point.y <= open - 24 && point.x >= 0 && point.x <= size.x) return;
    map.panBy([point.x - size.x / 2, point.y - open / 2]);
  }, [map, lat, lon, bottomInset]);
  return null;
}
