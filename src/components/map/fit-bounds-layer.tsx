import { useEffect, useEffectEvent, useRef } from 'react';
import type L from 'leaflet';
import { useMap } from 'react-leaflet';
import { boundsOf } from '../../lib/geo/bounds.ts';
import { moveQuietly, movingQuietly } from './quiet-move.ts';

export interface FitBoundsLayerProps {
  points: readonly { lat: number; lon: number }[];
  /** The view fits the points again when this changes (another group, another range). */
  fitKey: string;
  /**
   * The points are complete for `fitKey`. Until then the view follows them as they arrive; once
   * settled it frames them all one last time. Later updates (a refresh) never move the map.
   */
  settled?: boolean;
  maxZoom?: number;
}

function frame(map: L.Map, points: FitBoundsLayerProps['points'], maxZoom: number): boolean {
  const bounds = boundsOf(points);
  if (!bounds) return false;
  moveQuietly(map, () => map.fitBounds(bounds, { padding: [24, 24], maxZoom, animate: false }));
  return true;
}

/**
 * Frames the points, and otherwise keeps the person's view: once they have zoomed or panned the
 * map (or the page moved it for them, to a node they picked), nothing here moves it again until
 * `fitKey` changes. A map they have not moved keeps framing its points when the page resizes it
 * (a notice appearing above it). Renders nothing.
 */
export function FitBoundsLayer({
  points,
  fitKey,
  settled = true,
  maxZoom = 15,
}: FitBoundsLayerProps): null {
  const map = useMap();
  const state = useRef({ key: fitKey, moved: false, done: false });

  const fit = useEffectEvent((resized: boolean) => {
    if (state.current.key !== fitKey) state.current = { key: fitKey, moved: false, done: false };
    const now = state.current;
    if (now.moved || (now.done && !resized)) return;
    if (frame(map, points, maxZoom) && settled) now.done = true;
  });

  useEffect(() => {
    const onMove = () => {
      if (!movingQuietly(map)) state.current.moved = true;
    };
    const onResize = () => fit(true);
    map.on('movestart zoomstart', onMove);
    map.on('resize', onResize);
    return () => {
      map.off('movestart zoomstart', onMove);
      map.off('resize', onResize);
    };
  }, [map]);

  useEffect(() => {
    fit(false);
  }, [fitKey, points, settled]);
  return null;
}
