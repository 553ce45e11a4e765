import type { ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map-theme.css';
import { Basemap, type BasemapProps } from './basemap.tsx';
import { ResizeLayer } from './resize-layer.tsx';

export interface MapViewProps extends BasemapProps {
  /** What the map shows, for people who cannot see it. */
  label: string;
  /** A fixed height; or leave it to `className` (a map that fills the room it is given). */
  height?: number | string;
  className?: string;
  bounds?: LatLngBoundsExpression;
  children?: ReactNode;
}

/**
 * A Leaflet map drawing vectors on canvas (preferCanvas), over the configured tiles or the offline
 * basemap. Layers go in as children. The section isolates Leaflet's stacking (its panes and
 * controls use z-indexes from 400 to 1000), so the console's header and folded navigation stay
 * above the map.
 */
export function MapView({ label, height, className, bounds, children, ...basemap }: MapViewProps) {
  return (
    <section
      aria-label={label}
      className={className}
      style={{
        height: height ?? (className ? undefined : 420),
        position: 'relative',
        isolation: 'isolate',
      }}
    >
      <MapContainer
        style={{ height: '100%', width: '100%' }}
        center={[30, 0]}
        zoom={2}
        minZoom={2}
        worldCopyJump
        preferCanvas
        {...(bounds ? { bounds } : {})}
      >
        <Basemap {...basemap} />
        <ResizeLayer />
        {children}
      </MapContainer>
    </section>
  );
}
