import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Brings a position into view when it changes (a node picked from the list). Renders nothing. */
export function FocusLayer({
  position,
  zoom = 12,
}: {
  position: [number, number] | undefined;
  zoom?: number;
}): null {
  const map = useMap();
  const lat = position?.[0];
  const lon = position?.[1];
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    map.setView([lat, lon], Math.max(map.getZoom(), zoom));
  }, [map, lat, lon, zoom]);
  return null;
}
