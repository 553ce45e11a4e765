import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { describe, expect, it, vi } from 'vitest';
import { OfflineBasemap } from './offline-basemap.tsx';

function mapIn(scheme: 'light' | 'dark') {
  // The world's outline is not needed to see the sea's colour.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline in this test'));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { container } = render(
    <MantineProvider env="test" forceColorScheme={scheme}>
      <MapContainer center={[52.37, 4.9]} zoom={10} style={{ height: 200 }}>
        <OfflineBasemap />
      </MapContainer>
    </MantineProvider>,
  );
  return container.querySelector<HTMLElement>('.leaflet-container') as HTMLElement;
}

describe('the offline basemap', () => {
  it('follows the dark theme, and the light one', () => {
    expect(mapIn('dark').style.background).toBe('rgb(27, 38, 51)');
    expect(mapIn('light').style.background).toBe('rgb(207, 227, 243)');
  });
});

describe('the offline basemap’s detail', () => {
  function fetchedAt(zoom: number): string[] {
    const fetched = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MantineProvider env="test">
        <MapContainer center={[52.37, 4.9]} zoom={zoom} style={{ height: 200 }}>
          <OfflineBasemap />
        </MapContainer>
      </MantineProvider>,
    );
    const urls = fetched.mock.calls.map(([url]) => String(url));
    fetched.mockRestore();
    return urls;
  }

  it('fetches the 1:110m world for a continent, the 1:50m one for a country', () => {
    expect(fetchedAt(3)).toEqual([expect.stringContaining('countries-110m')]);
    expect(fetchedAt(10)).toEqual([expect.stringContaining('countries-50m')]);
  });
});
