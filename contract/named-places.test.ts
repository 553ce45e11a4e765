import { describe, expect, it } from 'vitest';
import { evaluatePlaces } from './alarm-rules/place-rule.ts';
import { insidePolygon, nearestPlace, readPlaces } from './named-places.ts';
import { productPropertiesProblem } from './product-properties.ts';

/** An L-shaped yard (concave): its notch, north-east, is outside. */
const yard: [number, number][] = [
  [52.0, 5.0],
  [52.0, 5.004],
  [52.002, 5.004],
  [52.002, 5.002],
  [52.004, 5.002],
  [52.004, 5.0],
];
const NOTCH = { lat: 52.003, lon: 5.003 };
const IN_LEG = { lat: 52.003, lon: 5.001 };
const IN_FOOT = { lat: 52.001, lon: 5.003 };

describe('places drawn as polygons', () => {
  it('reads a polygon with its centre and the circle around it', () => {
    const [place] = readPlaces({ places: [{ name: ' Yard ', polygon: yard }] });
    expect(place?.name).toBe('Yard');
    expect(place?.polygon).toEqual(yard);
    expect(place?.lat).toBeCloseTo(52.002, 6);
    expect(place?.lon).toBeCloseTo(5.002, 6);
    // The farthest corner from the centre: about 270 m away.
    expect(place?.radius).toBeGreaterThan(260);
    expect(place?.radius).toBeLessThan(280);
  });

  it('holds what the polygon encloses, not its notch', () => {
    expect(insidePolygon(yard, IN_LEG.lat, IN_LEG.lon)).toBe(true);
    expect(insidePolygon(yard, IN_FOOT.lat, IN_FOOT.lon)).toBe(true);
    expect(insidePolygon(yard, NOTCH.lat, NOTCH.lon)).toBe(false);
    const places = readPlaces({ places: [{ name: 'Yard', polygon: yard }] });
    expect(nearestPlace(places, IN_LEG.lat, IN_LEG.lon)?.name).toBe('Yard');
    // The notch is within the circle around the yard, but not in the yard.
    expect(nearestPlace(places, NOTCH.lat, NOTCH.lon)).toBeUndefined();
  });

  it('of a polygon and a circle that both hold a position, the nearest centre names it', () => {
    const places = readPlaces({
      places: [
        { name: 'Yard', polygon: yard },
        { name: 'Gate', lat: 52.0005, lon: 5.0035, radius: 100 },
      ],
    });
    expect(nearestPlace(places, IN_FOOT.lat, IN_FOOT.lon)?.name).toBe('Gate');
    expect(nearestPlace(places, IN_LEG.lat, IN_LEG.lon)?.name).toBe('Yard');
  });

  it('keeps the circle a polygon carries for consoles that read circles only', () => {
    const [place] = readPlaces({
      places: [{ name: 'Yard', polygon: yard, lat: 52.002, lon: 5.002, radius: 300 }],
    });
    expect(place).toMatchObject({ lat: 52.002, lon: 5.002, radius: 300 });
  });

  it('refuses polygons that cannot be a place, with the reason', () => {
    const problem = (place: unknown) => productPropertiesProblem({ places: [place] });
    expect(problem({ name: 'Yard', polygon: yard })).toBeUndefined();
    expect(problem({ name: 'Yard', polygon: yard.slice(0, 2) })).toMatch(/3 to 500 corners/);
    expect(
      problem({
        name: 'Yard',
        polygon: [
          [52, 5],
          [52, 5.1],
          [91, 5],
        ],
      }),
    ).toMatch(/out of range/);
    expect(problem({ name: 'Yard', polygon: [[52, 5], [52], [52.1, 5]] })).toMatch(/corners/);
    expect(problem({ name: '', polygon: yard })).toMatch(/name/);
    expect(problem({ name: 'Yard', polygon: yard, lat: 52 })).toMatch(/lon/);
    expect(readPlaces({ places: [{ name: 'Yard', polygon: 'square' }] })).toEqual([]);
  });

  it('a stay in a polygon is one alarm, and leaving through the notch ends it', () => {
    const places = readPlaces({ places: [{ name: 'Yard', polygon: yard }] });
    const position = (minute: number, where: { lat: number; lon: number }) => ({
      ts: minute * 60_000,
      readingId: minute,
      ...where,
    });
    const stays = evaluatePlaces(
      undefined,
      [position(1, IN_FOOT), position(2, IN_LEG), position(3, NOTCH), position(4, NOTCH)],
      places,
      60_000,
    );
    expect(stays).toHaveLength(1);
    expect(stays[0]?.place.name).toBe('Yard');
    expect(stays[0]?.end).toMatchObject({ kind: 'cleared', at: 4 * 60_000 });
  });
});
