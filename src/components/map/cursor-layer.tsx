import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { lastAtOrBefore } from '../../lib/history-store/m4.ts';
import type { TrackColumns } from '../../lib/history-store/protocol.ts';

export interface CursorLayerProps {
  tracks: readonly TrackColumns[];
  /** The shared time cursor; each node is shown where it last was at that instant. */
  cursor: number | undefined;
}

/** Where each node was at the time cursor (the chart's or the replay's). Renders nothing. */
export function CursorLayer({ tracks, cursor }: CursorLayerProps): null {
  const map = useMap();
  const group = useRef<L.LayerGroup | undefined>(undefined);
  const markers = useRef(new Map<string, L.CircleMarker>());

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const known = markers.current;
    group.current = layer;
    return () => {
      layer.remove();
      known.clear();
      group.current = undefined;
    };
  }, [map]);

  useEffect(() => {
    const layer = group.current;
    if (!layer) return;
    const wanted = new Set<string>();
    for (const track of tracks) {
      const i = cursor === undefined ? -1 : lastAtOrBefore(track.ts, cursor);
      if (i < 0) continue;
      const point = { lat: track.lat[i] ?? 0, lon: track.lon[i] ?? 0 };
      wanted.add(track.nodeUuid);
      const marker = markers.current.get(track.nodeUuid);
      if (marker) marker.setLatLng([point.lat, point.lon]);
      else {
        const created = L.circleMarker([point.lat, point.lon], {
          pane: 'markerPane',
          radius: 10,
          color: '#111',
          weight: 3,
          fillColor: '#fff',
          fillOpacity: 0.6,
          interactive: false,
        }).addTo(layer);
        markers.current.set(track.nodeUuid, created);
      }
    }
    for (const [node, marker] of markers.current) {
      if (wanted.has(node)) continue;
      marker.remove();
      markers.current.delete(node);
    }
  }, [tracks, cursor]);

  return null;
}
