import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type L from 'leaflet';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { ClusterOverlay } from './cluster-overlay.ts';

export interface ClusterLayerProps {
  nodes: readonly FleetNode[];
  /** "Now" for each node's state (ticking while live; the slider's moment in the past). */
  now: number;
  /** No message for this long: silent. */
  silentAfterMs: number;
  selected: string | undefined;
  /** Nodes with an active alarm (red triangles); undefined: none known. */
  alarmed?: ReadonlySet<string> | undefined;
  onSelect: (node: FleetNode) => void;
}

const noAlarms: ReadonlySet<string> = new Set();

/**
 * Nodes clustered on a canvas: a click on a cluster zooms into it, a click on a node selects it.
 * Renders nothing (traccar-web's style).
 */
export function ClusterLayer({
  nodes,
  now,
  silentAfterMs,
  selected,
  alarmed,
  onSelect,
}: ClusterLayerProps): null {
  const map = useMap();
  const overlay = useRef<ClusterOverlay | undefined>(undefined);
  const select = useEffectEvent((node: FleetNode) => onSelect(node));

  useEffect(() => {
    const layer = new ClusterOverlay({ pane: 'markerPane' }).addTo(map);
    const container = map.getContainer();
    const onClick = (event: L.LeafletMouseEvent) => {
      const hit = layer.hitAt(event.containerPoint);
      if (hit?.kind === 'cluster') map.setView([hit.lat, hit.lon], layer.expansionZoom(hit.id));
      else if (hit?.kind === 'node') select(hit.node);
    };
    const onMove = (event: L.LeafletMouseEvent) => {
      container.style.cursor = layer.hitAt(event.containerPoint) ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    overlay.current = layer;
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onMove);
      container.style.cursor = '';
      layer.remove();
      overlay.current = undefined;
    };
  }, [map]);

  useEffect(() => {
    overlay.current?.setNodes(nodes);
  }, [nodes]);

  useEffect(() => {
    overlay.current?.setClock(now, silentAfterMs);
  }, [now, silentAfterMs]);

  useEffect(() => {
    overlay.current?.setAlarmed(alarmed ?? noAlarms);
  }, [alarmed]);

  useEffect(() => {
    overlay.current?.setSelected(selected);
  }, [selected]);

  return null;
}
