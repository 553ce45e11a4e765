import { useEffect, useEffectEvent, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { TrackColumns } from '../../lib/history-store/protocol.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { seriesColor } from '../chart/palette.ts';
import { hoverClaimed } from './hover-claim.ts';
import { TrackOverlay, type TrackMark } from './track-overlay.ts';
import { accuracyMetres } from '../../lib/geo/accuracy.ts';
import { t } from '../../i18n/i18n.ts';

export interface TrackLayerProps {
  tracks: readonly TrackColumns[];
  /** The span the shading runs over (the chosen range). */
  span: TimeSpan;
  formatTime: (ts: number) => string;
}

function describe(mark: TrackMark, time: string): HTMLElement {
  const element = document.createElement('div');
  const { point } = mark;
  const lines =
    mark.kind === 'position'
      ? [
          mark.nodeName,
          time,
          t(point.calculated ? 'map.track.calculated' : 'map.track.gps'),
          point.hdop === undefined
            ? t('map.track.accuracyUnknown')
            : t('map.track.accurate', { metres: accuracyMetres(point.hdop) }),
        ]
      : [
          t(mark.kind === 'start' ? 'map.track.start' : 'map.track.end', {
            node: mark.nodeName,
            time,
          }),
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
  const overlay = useRef<TrackOverlay | undefined>(undefined);
  // Leaflet handlers read the latest formatter without re-running the effect on it.
  const timeText = useEffectEvent((ts: number) => formatTime(ts));

  useEffect(() => {
    const track = new TrackOverlay({ pane: 'overlayPane' }).addTo(map);
    const tooltip = L.tooltip({ direction: 'top', offset: [0, -6] });
    const onMove = (event: L.LeafletMouseEvent) => {
      const mark = hoverClaimed(event) ? undefined : track.markAt(event.containerPoint);
      if (!mark) {
        map.closeTooltip(tooltip);
        return;
      }
      const { lat, lon, ts } = mark.point;
      tooltip.setLatLng([lat, lon]).setContent(describe(mark, timeText(ts)));
      if (!map.hasLayer(tooltip)) map.openTooltip(tooltip);
    };
    map.on('mousemove', onMove);
    overlay.current = track;
    return () => {
      map.off('mousemove', onMove);
      map.closeTooltip(tooltip);
      track.remove();
      overlay.current = undefined;
    };
  }, [map]);

  useEffect(() => {
    overlay.current?.setData(
      tracks.map((track, index) => ({ track, color: seriesColor(index) })),
      span,
    );
  }, [tracks, span]);

  return null;
}
