import { render } from '@testing-library/react';
import type L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FitBoundsLayer } from './fit-bounds-layer.tsx';

// jsdom lays nothing out: the map gets the size of a real one.
const size = { clientWidth: 800, clientHeight: 500 };
const saved = Object.keys(size).map(
  (key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const,
);
beforeAll(() => {
  for (const [key, value] of Object.entries(size)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
});

let map: L.Map | undefined;
function Grab(): null {
  const current = useMap();
  useEffect(() => {
    map = current;
  }, [current]);
  return null;
}

type Points = { lat: number; lon: number }[];
const amsterdam: Points = [
  { lat: 52.3, lon: 4.75 },
  { lat: 52.45, lon: 5.0 },
];
const wider: Points = [...amsterdam, { lat: 52.0, lon: 4.3 }, { lat: 52.6, lon: 5.3 }];

function view(points: Points, settled: boolean, fitKey = 'all') {
  return (
    <MapContainer center={[30, 0]} zoom={2} style={{ height: 500, width: 800 }}>
      <Grab />
      <FitBoundsLayer points={points} fitKey={fitKey} settled={settled} maxZoom={13} />
    </MapContainer>
  );
}

const holdsAll = (points: Points) =>
  points.every((p) => map?.getBounds().contains([p.lat, p.lon]) === true);

describe('FitBoundsLayer', () => {
  it('frames every point once they are all in, following them while they arrive', () => {
    const { rerender } = render(view(amsterdam.slice(0, 1), false));
    rerender(view(amsterdam, false));
    expect(holdsAll(amsterdam)).toBe(true);
    rerender(view(wider, true));
    expect(holdsAll(wider)).toBe(true);
  });

  it('never moves a map the person has zoomed or panned when the points are refreshed', () => {
    const { rerender } = render(view(amsterdam, true));
    map?.setView([52.37, 4.9], 15, { animate: false });
    const before = { center: map?.getCenter(), zoom: map?.getZoom() };
    rerender(view(wider, true));
    expect({ center: map?.getCenter(), zoom: map?.getZoom() }).toEqual(before);
  });

  it('after the first framing, a refresh does not move it either', () => {
    const { rerender } = render(view(amsterdam, true));
    const before = { center: map?.getCenter(), zoom: map?.getZoom() };
    rerender(view(wider, true));
    expect({ center: map?.getCenter(), zoom: map?.getZoom() }).toEqual(before);
  });

  it('frames again for another group', () => {
    const { rerender } = render(view(amsterdam, true));
    map?.setView([10, 10], 15, { animate: false });
    rerender(view(wider, true, 'group-b'));
    expect(holdsAll(wider)).toBe(true);
  });
});
