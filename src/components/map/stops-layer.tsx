import { useEffect, useEffectEvent, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { claimHover } from './hover-claim.ts';
import { StopsOverlay, type StopMark } from './stops-overlay.ts';

export interface StopsLayerProps {
  stops: readonly StopMark[];
  describe: (stop: StopMark) => string[];
}

/**
 * Where nodes stopped, above the tracks, with node, time and duration on hover. Mount it before
 * the track layer: it claims the pointer where a stop lies over a track (hover-claim.ts).
 */
export function StopsLayer({ stops, describe }: StopsLayerProps): null {
  const map = useMap();
  const overlay = useRef<StopsOverlay | undefined>(undefined);
  const lines = useEffectEvent((stop: StopMark) => describe(stop));

  useEffect(() => {
    (map.getPane('stops') ?? map.createPane('stops')).style.zIndex = '450';
    const layer = new StopsOverlay({ pane: 'stops' }).addTo(map);
    const tooltip = L.tooltip({ direction: 'top', offset: [0, -10] });
    const onMove = (event: L.LeafletMouseEvent) => {
      const stop = layer.stopAt(event.containerPoint);
      if (!stop) {
        map.closeTooltip(tooltip);
        return;
      }
      claimHover(event);
      const element = document.createElement('div');
      for (const line of lines(stop))
        element.appendChild(document.createElement('div')).textContent = line;
      tooltip.setLatLng([stop.lat, stop.lon]).setContent(element);
      if (!map.hasLayer(tooltip)) map.openTooltip(tooltip);
    };
    map.on('mousemove', onMove);
    overlay.current = layer;
    return () => {
      map.off('mousemove', onMove);
      map.closeTooltip(tooltip);
      layer.remove();
      overlay.current = undefined;
    };
  }, [map]);

  useEffect(() => overlay.current?.setData(stops), [stops]);

  return null;
}
