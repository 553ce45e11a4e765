import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Brings a position into view when it changes (a node picked from the list). Renders nothing.
 * `bottomInset`: pixels at the map's bottom that something covers (a phone's card); the position
 * is centred in the part above them, not under the card.
 */
export function FocusLayer({
  position,
  zoom = 12,
  bottomInset = 0,
}: {
  position: [number, number] | undefined;
  zoom?: number;
  bottomInset?: number;
}): null {
  const map = useMap();
  const lat = position?.[0];
  const lon = position?.[1];
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    const target = Math.max(map.getZoom(), zoom);
    const centre = map.project([lat, lon], target).add([0, bottomInset / 2]);
    map.setView(map.unproject(centre, target), target);
  }, [map, lat, lon, zoom, bottomInset]);
  return null;
}
