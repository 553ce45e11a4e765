import { useEffect, useEffectEvent } from 'react';
import { useMap } from 'react-leaflet';
import { boundsOf } from '../../lib/geo/bounds.ts';

export interface FitBoundsLayerProps {
  points: readonly { lat: number; lon: number }[];
  /** The view fits the points when this changes (another group, another range), not on updates. */
  fitKey: string;
  maxZoom?: number;
}

/** Frames the points once per `fitKey`, as soon as there are any. Renders nothing. */
export function FitBoundsLayer({ points, fitKey, maxZoom = 15 }: FitBoundsLayerProps): null {
  const map = useMap();
  const fit = useEffectEvent(() => {
    const bounds = boundsOf(points);
    if (!bounds) return false;
    map.fitBounds(bounds, { padding: [24, 24], maxZoom, animate: false });
    return true;
  });
  const hasPoints = points.length > 0;
  useEffect(() => {
    if (hasPoints) fit();
  }, [fitKey, hasPoints]);
  return null;
}
