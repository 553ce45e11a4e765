import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { moveQuietly } from './quiet-move.ts';

/**
 * Leaflet notices a resized window, not a resized container: a map that grows or shrinks with
 * the page (a notice appearing above it) is told so, keeping its centre. Renders nothing.
 */
export function ResizeLayer(): null {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => moveQuietly(map, () => map.invalidateSize()));
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}
