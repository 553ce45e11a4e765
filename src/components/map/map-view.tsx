import type { ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Basemap, type BasemapProps } from './basemap.tsx';

export interface MapViewProps extends BasemapProps {
  /** What the map shows, for people who cannot see it. */
  label: string;
  height?: number | string;
  bounds?: LatLngBoundsExpression;
  children?: ReactNode;
}

/**
 * A Leaflet map drawing vectors on canvas (preferCanvas), over the configured tiles or the offline
 * basemap. Layers go in as children.
 */
export function MapView({ label, height = 420, bounds, children, ...basemap }: MapViewProps) {
  return (
    <section aria-label={label} style={{ height, position: 'relative' }}>
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
        {children}
      </MapContainer>
    </section>
  );
}
