import { render } from '@testing-library/react';
import type L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { describe, expect, it } from 'vitest';
import { readPlaces } from '../../../contract/named-places.ts';
import { PlacesLayer } from './places-layer.tsx';

let map: L.Map | undefined;
function Grab(): null {
  const current = useMap();
  useEffect(() => {
    map = current;
  }, [current]);
  return null;
}

describe('PlacesLayer', () => {
  it('draws a group’s circles and polygons on the map, each named', () => {
    const places = readPlaces({
      places: [
        { name: 'Depot', lat: 52.1, lon: 4.9, radius: 150 },
        {
          name: 'Yard',
          polygon: [
            [52, 5],
            [52, 5.002],
            [52.002, 5.002],
          ],
        },
      ],
    });
    render(
      <MapContainer center={[52, 5]} zoom={12} style={{ height: 400 }}>
        <PlacesLayer places={places} />
        <Grab />
      </MapContainer>,
    );
    // Each with its name on hover (react-leaflet renders the tooltip's words when it opens).
    const drawn: { kind: string; named: boolean }[] = [];
    map?.eachLayer((layer) => {
      const named = layer.getTooltip() !== undefined;
      if ('getRadius' in layer) drawn.push({ kind: 'circle', named });
      else if ('getLatLngs' in layer) drawn.push({ kind: 'polygon', named });
    });
    expect(drawn).toEqual([
      { kind: 'circle', named: true },
      { kind: 'polygon', named: true },
    ]);
  });
});
