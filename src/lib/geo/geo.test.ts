import { describe, expect, it } from 'vitest';
import type { Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { timeColor } from './time-color.ts';
import {
  basemapPieces,
  nearestFirst,
  piecesInView,
  ringsOf,
  worldBasemap,
} from './world-basemap.ts';
import { worldX, worldY } from './mercator.ts';
import { boundsOf } from './bounds.ts';

describe('timeColor', () => {
  it('runs from dark purple (oldest) to yellow (newest), clamped', () => {
    expect(timeColor(0)).toBe('rgb(68,1,84)');
    expect(timeColor(1)).toBe('rgb(253,231,37)');
    expect(timeColor(-3)).toBe(timeColor(0));
    expect(timeColor(Number.NaN)).toBe(timeColor(0));
    expect(timeColor(0.5)).toBe('rgb(33,145,140)');
  });
});

describe('worldBasemap', () => {
  it('makes land and shared borders from Natural Earth', () => {
    const { land, borders } = worldBasemap(countries as unknown as Topology);
    expect(land.type).toBe('FeatureCollection');
    expect(borders.type).toBe('MultiLineString');
    expect(borders.coordinates.length).toBeGreaterThan(100);
  });

  it('comes apart into shapes, land first, each kind nearest to the view first', () => {
    const world = worldBasemap(countries as unknown as Topology);
    const amsterdam = { lat: 52.37, lon: 4.9 };
    const pieces = nearestFirst(basemapPieces(world), amsterdam);
    const land = pieces.filter((p) => p.kind === 'land');
    expect(land.length).toBeGreaterThan(100);
    expect(pieces.slice(0, land.length).every((p) => p.kind === 'land')).toBe(true);
    expect(pieces.length - land.length).toBe(world.borders.coordinates.length);
    // The first shape holds Amsterdam (Eurasia); New Zealand comes among the last.
    const first = land[0];
    expect(first?.south).toBeLessThan(amsterdam.lat);
    expect(first?.north).toBeGreaterThan(amsterdam.lat);
    expect(first?.west).toBeLessThan(amsterdam.lon);
    expect(first?.east).toBeGreaterThan(amsterdam.lon);
    const zealand = land.findIndex((p) => p.south < -40 && p.west > 165 && p.east < 179);
    expect(zealand).toBeGreaterThan(land.length * 0.9);
    // Every position of the world is in one of them.
    const positions = (g: GeoJSON.Geometry): number =>
      g.type === 'MultiPolygon'
        ? g.coordinates.flat(1).reduce((n, ring) => n + ring.length, 0)
        : g.type === 'Polygon'
          ? g.coordinates.reduce((n, ring) => n + ring.length, 0)
          : 0;
    const all =
      world.land.type === 'FeatureCollection'
        ? world.land.features.reduce((n, f) => n + (f.geometry ? positions(f.geometry) : 0), 0)
        : 0;
    expect(land.reduce((n, p) => n + p.coords.length / 2, 0)).toBe(all);
    // And comes back ring by ring, as it was.
    const geometry =
      world.land.type === 'FeatureCollection' ? world.land.features[0]?.geometry : null;
    const rings =
      geometry?.type === 'Polygon'
        ? geometry.coordinates
        : geometry?.type === 'MultiPolygon'
          ? geometry.coordinates[0]
          : [];
    const same = basemapPieces(world)[0];
    expect(same && ringsOf(same, (lon, lat) => [lon, lat])).toEqual(rings);
  });
});

describe('piecesInView', () => {
  const world = worldBasemap(countries as unknown as Topology);
  const pieces = nearestFirst(basemapPieces(world), { lat: 52.37, lon: 4.9 });
  const amsterdam = { south: 52.2, west: 4.6, north: 52.5, east: 5.2 };

  it('gives a city the few shapes over it, nearest first, and none twice', () => {
    const first = piecesInView(pieces, amsterdam, new Set());
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(pieces.length / 10);
    expect(first[0]).toBe(pieces[0]);
    expect(piecesInView(pieces, amsterdam, new Set(first))).toEqual([]);
  });

  it('gives what a move brings into view, and the whole world to a map of it', () => {
    const europe = piecesInView(pieces, amsterdam, new Set());
    const zealand = piecesInView(
      pieces,
      { south: -47, west: 166, north: -34, east: 179 },
      new Set(europe),
    );
    expect(zealand.length).toBeGreaterThan(0);
    expect(zealand.some((p) => europe.includes(p))).toBe(false);
    expect(
      piecesInView(pieces, { south: -90, west: -200, north: 90, east: 200 }, new Set()),
    ).toEqual(pieces);
  });
});

describe('worldX and worldY', () => {
  it('place points as Leaflet projects them at zoom 0 (256 px world)', () => {
    expect(worldX(-180)).toBe(0);
    expect(worldX(180)).toBe(1);
    expect(worldY(0)).toBeCloseTo(0.5, 12);
    // Leaflet: map.project([52.52, 13.4], 0) = (137.529, 83.957)
    expect(worldX(13.4) * 256).toBeCloseTo(137.529, 3);
    expect(worldY(52.52) * 256).toBeCloseTo(83.957, 3);
    expect(worldY(89)).toBeCloseTo(worldY(85.0511287798), 12);
  });
});

describe('boundsOf', () => {
  it('holds every point, or is undefined without any', () => {
    expect(
      boundsOf([
        { lat: 52, lon: 4.8 },
        { lat: 52.4, lon: 5 },
        { lat: 51.9, lon: 4.9 },
      ]),
    ).toEqual([
      [51.9, 4.8],
      [52.4, 5],
    ]);
    expect(boundsOf([])).toBeUndefined();
  });
});
