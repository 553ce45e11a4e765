import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudConfig } from '../config.ts';
import { NominatimGeocoder, GeocoderBusy } from '../geocoder/nominatim.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';

interface Asked {
  at: number;
  userAgent: string | undefined;
  query: URLSearchParams;
}

/**
 * A local server that answers as Nominatim's /reverse does (format=jsonv2): an address with a
 * road and a house number near the canal, a named feature at the depot, and Nominatim's own error
 * answer in the North Sea.
 */
async function fakeNominatim(): Promise<{ url: string; asked: Asked[]; server: Server }> {
  const asked: Asked[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    asked.push({
      at: Date.now(),
      userAgent: request.headers['user-agent'],
      query: url.searchParams,
    });
    const lat = Number(url.searchParams.get('lat'));
    response.setHeader('content-type', 'application/json');
    if (url.pathname !== '/reverse' || url.searchParams.get('format') !== 'jsonv2') {
      response.statusCode = 400;
      response.end('{"error":{"code":400,"message":"Parameter \'format\' must be jsonv2"}}');
    } else if (lat > 53) {
      response.end('{"error":"Unable to geocode"}');
    } else if (lat > 52.39) {
      response.end(
        JSON.stringify({
          place_id: 1,
          lat: '52.399',
          lon: '4.824',
          category: 'building',
          name: 'Westpoort distribution centre',
          display_name: 'Westpoort distribution centre, Basisweg, Westpoort, Amsterdam, Nederland',
          address: { road: 'Basisweg', city: 'Amsterdam', country: 'Nederland' },
        }),
      );
    } else {
      response.end(
        JSON.stringify({
          place_id: 2,
          lat: '52.3752',
          lon: '4.8840',
          category: 'building',
          name: '',
          display_name: '263, Prinsengracht, Grachtengordel-West, Amsterdam, Nederland',
          address: {
            house_number: '263',
            road: 'Prinsengracht',
            suburb: 'Grachtengordel-West',
            city: 'Amsterdam',
            country: 'Nederland',
          },
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, asked, server };
}

describe('GET /v1/places/reverse: place names from a Nominatim server (extension)', () => {
  const overrides: Partial<CloudConfig> = {};
  let nominatim: Awaited<ReturnType<typeof fakeNominatim>>;
  beforeAll(async () => {
    nominatim = await fakeNominatim();
    overrides.geocoderUrl = nominatim.url;
  });
  afterAll(() => new Promise((resolve) => nominatim.server.close(resolve)));
  const suite = useCloud(undefined, overrides);
  const reverse = (lat: string, lon: string) =>
    suite.cloud.call('GET', '/v1/places/reverse', { query: { lat, lon }, as: 'fleet' });

  it('names a position as Nominatim does, asking once per place and at most once a second, saying who asks', async () => {
    const [canal, again, depot] = await Promise.all([
      reverse('52.37520', '4.88400'),
      reverse('52.37521', '4.88401'), // the same place, a metre on: one answer serves both
      reverse('52.39900', '4.82400'),
    ]);
    expect(canal?.json).toEqual({ lat: 52.3752, lon: 4.884, name: 'Prinsengracht 263, Amsterdam' });
    expect(again?.json).toMatchObject({ name: 'Prinsengracht 263, Amsterdam' });
    expect(depot?.json).toMatchObject({
      name: 'Westpoort distribution centre, Basisweg, Amsterdam',
    });
    expect(nominatim.asked).toHaveLength(2);
    const [first, second] = nominatim.asked;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(first?.userAgent).toMatch(/^telemetry-reference-cloud\//);
    expect(first?.query.get('format')).toBe('jsonv2');
    // Asked again: from the cache, Nominatim is not asked.
    expect((await reverse('52.3752', '4.884')).json).toMatchObject({ name: /Prinsengracht/ });
    expect(nominatim.asked).toHaveLength(2);
  });

  it('answers null where Nominatim knows no place, and refuses what is not a position', async () => {
    expect((await reverse('54.5', '3.0')).json).toEqual({ lat: 54.5, lon: 3, name: null });
    for (const [lat, lon] of [
      ['91', '4'],
      ['', '4'],
      ['1e1', '4'],
      ['52.3', 'east'],
    ] as const) {
      expectError(await reverse(lat, lon), 400, /must be a l/);
    }
  });

  it('asks for credentials, and is in the OpenAPI document', async () => {
    const anonymous = await suite.cloud.call('GET', '/v1/places/reverse', {
      query: { lat: '52', lon: '4' },
      as: null,
    });
    expectError(anonymous, 401);
    const document = await suite.cloud.call('GET', '/v1/openapi.json');
    expect(Object.keys((document.json as { paths: object }).paths)).toContain('/v1/places/reverse');
  });
});

describe('without GEOCODER_URL', () => {
  const suite = useCloud();
  it('offers no place finder: the console keeps coordinates', async () => {
    const answer = await suite.cloud.call('GET', '/v1/places/reverse', {
      query: { lat: '52', lon: '4' },
      as: 'fleet',
    });
    expect(answer.status).toBe(404);
    const document = await suite.cloud.call('GET', '/v1/openapi.json');
    expect(Object.keys((document.json as { paths: object }).paths)).not.toContain(
      '/v1/places/reverse',
    );
  });
});

describe('NominatimGeocoder', () => {
  it('refuses, with a wait, more positions than may wait their turn, and keeps failures only briefly', async () => {
    let now = 1_000_000;
    const geocoder = new NominatimGeocoder({
      baseUrl: 'http://127.0.0.1:9', // nothing listens: every request fails
      userAgent: 'test',
      intervalMs: 20,
      maxWaiting: 3,
      timeoutMs: 500,
      now: () => now,
    });
    const asked = [1, 2, 3].map((n) => geocoder.reverse(52 + n / 100, 4));
    await expect(geocoder.reverse(53, 4)).rejects.toBeInstanceOf(GeocoderBusy);
    // A server that cannot be reached is no error for the person: no name.
    expect(await Promise.all(asked)).toEqual([null, null, null]);
    const sent = geocoder.sent;
    expect(await geocoder.reverse(52.01, 4)).toBeNull();
    expect(geocoder.sent).toBe(sent);
    now += 61_000;
    expect(await geocoder.reverse(52.01, 4)).toBeNull();
    expect(geocoder.sent).toBe(sent + 1);
  });
});
