import { useEffect, useEffectEvent, useRef } from 'react';
import { latLngBounds, point, type default as L } from 'leaflet';
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

const PADDING = 24;

/**
 * Whether framing `bounds` would change the view by more than a few pixels: while positions
 * arrive, most of them fall inside the view already framed, and moving a map costs every layer a
 * redraw (the offline basemap's land most of all).
 */
function changesView(
  map: L.Map,
  bounds: [[number, number], [number, number]],
  maxZoom: number,
): boolean {
  const box = latLngBounds(bounds);
  const zoom = Math.min(maxZoom, map.getBoundsZoom(box, false, point(2 * PADDING, 2 * PADDING)));
  if (zoom !== map.getZoom()) return true;
  const corners = map.project(box.getSouthWest(), zoom).add(map.project(box.getNorthEast(), zoom));
  const centre = map.latLngToContainerPoint(map.unproject(corners.divideBy(2), zoom));
  return centre.distanceTo(map.getSize().divideBy(2)) > 8;
}

function frame(map: L.Map, points: FitBoundsLayerProps['points'], maxZoom: number): boolean {
  const bounds = boundsOf(points);
  if (!bounds) return false;
  if (!changesView(map, bounds, maxZoom)) return true;
  moveQuietly(map, () =>
    map.fitBounds(bounds, { padding: [PADDING, PADDING], maxZoom, animate: false }),
  );
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
