import { useEffect, useEffectEvent, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { Track } from '../../lib/history/gps-track.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { seriesColor } from '../chart/palette.ts';
import { TrackOverlay, type TrackMark } from './track-overlay.ts';

export interface TrackLayerProps {
  tracks: readonly Track[];
  /** The span the shading runs over (the chosen range). */
  span: TimeSpan;
  formatTime: (ts: number) => string;
}

function describe(mark: TrackMark, time: string): HTMLElement {
  const element = document.createElement('div');
  const lines = [
    mark.nodeName,
    time,
    mark.calculated ? 'Calculated position (no GPS fix)' : 'GPS fix',
    mark.hdop === undefined
      ? 'Accuracy unknown (no hdop)'
      : `hdop ${mark.hdop} (about ${Math.round(mark.hdop * 5)} m)`,
  ];
  for (const line of lines) element.appendChild(document.createElement('div')).textContent = line;
  return element;
}

/**
 * GPS tracks on the map: a line per node in the node's colour, its positions shaded by time,
 * start and end marked, details on hover. Renders nothing itself (traccar-web's style).
 */
export function TrackLayer({ tracks, span, formatTime }: TrackLayerProps): null {
  const map = useMap();
  const layers = useRef<{ ends: L.LayerGroup; track: TrackOverlay } | undefined>(undefined);
  // Leaflet handlers and the data effect read the latest formatter without re-running on it.
  const timeText = useEffectEvent((ts: number) => formatTime(ts));

  useEffect(() => {
    const ends = L.layerGroup().addTo(map);
    const track = new TrackOverlay({ pane: 'overlayPane' }).addTo(map);
    const tooltip = L.tooltip({ direction: 'top', offset: [0, -6] });
    const onMove = (event: L.LeafletMouseEvent) => {
      const mark = track.markAt(event.containerPoint);
      if (!mark) {
        map.closeTooltip(tooltip);
        return;
      }
      tooltip.setLatLng([mark.lat, mark.lon]).setContent(describe(mark, timeText(mark.ts)));
      if (!map.hasLayer(tooltip)) map.openTooltip(tooltip);
    };
    map.on('mousemove', onMove);
    layers.current = { ends, track };
    return () => {
      map.off('mousemove', onMove);
      map.closeTooltip(tooltip);
      ends.remove();
      track.remove();
      layers.current = undefined;
    };
  }, [map]);

  useEffect(() => {
    const current = layers.current;
    if (!current) return;
    current.ends.clearLayers();
    for (const track of tracks) {
      const first = track.points[0];
      const last = track.points.at(-1);
      if (!first || !last) continue;
      const end = { pane: 'markerPane', radius: 8, fillOpacity: 1 };
      L.circleMarker([first.lat, first.lon], {
        ...end,
        color: '#2b8a3e',
        weight: 3,
        fillColor: '#fff',
      })
        .bindTooltip(`Start of ${track.nodeName}: ${timeText(first.ts)}`)
        .addTo(current.ends);
      L.circleMarker([last.lat, last.lon], {
        ...end,
        color: '#fff',
        weight: 2,
        fillColor: '#c92a2a',
      })
        .bindTooltip(`End of ${track.nodeName}: ${timeText(last.ts)}`)
        .addTo(current.ends);
    }
    current.track.setData(
      tracks.map((track, index) => ({ track, color: seriesColor(index) })),
      span,
    );
  }, [tracks, span]);

  return null;
}
