import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCloud, json, renderPage } from '../test/render.tsx';
import { PlaceName } from './place-name.tsx';

/** A cloud whose OpenAPI document offers the geocoder extension, or not. */
function cloud(offersPlaces: boolean) {
  return fakeCloud((url) => {
    if (url.pathname === '/v1/openapi.json') {
      return json({ paths: offersPlaces ? { '/v1/places/reverse': { get: {} } } : {} });
    }
    if (url.pathname === '/v1/places/reverse') {
      return json({
        lat: Number(url.searchParams.get('lat')),
        lon: Number(url.searchParams.get('lon')),
        name: 'Prinsengracht 263, Amsterdam',
      });
    }
    return json({ status: 'NOT_FOUND', message: 'nothing here' }, 404);
  });
}

describe('PlaceName', () => {
  it('names a position by the cloud’s geocoder, asked through the cloud, coordinates a hover away', async () => {
    const calls = cloud(true);
    renderPage(<PlaceName name={undefined} lat={52.375212} lon={4.884013} />);
    const name = await screen.findByText('Prinsengracht 263, Amsterdam');
    expect(name).toHaveAttribute('title', '52.37521, 4.88401');
    const asked = calls.find((c) => c.url.pathname === '/v1/places/reverse');
    // Rounded as the cloud caches (about 10 m), and to our own cloud only.
    expect(asked?.url.origin).toBe('http://cloud.test');
    expect(asked?.url.searchParams.get('lat')).toBe('52.3752');
  });

  it('prefers the owner’s named place and then asks nothing', async () => {
    const calls = cloud(true);
    renderPage(<PlaceName name="Westpoort depot" lat={52.399} lon={4.824} />);
    expect(await screen.findByText('Westpoort depot')).toBeVisible();
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/v1/openapi.json')).toBe(true),
    );
    expect(calls.some((c) => c.url.pathname === '/v1/places/reverse')).toBe(false);
  });

  it('shows coordinates where the cloud has no geocoder', async () => {
    const calls = cloud(false);
    renderPage(<PlaceName name={undefined} lat={52.39801} lon={4.82327} />);
    expect(await screen.findByText('52.39801, 4.82327')).toBeVisible();
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/v1/openapi.json')).toBe(true),
    );
    expect(calls.some((c) => c.url.pathname === '/v1/places/reverse')).toBe(false);
  });
});
