import { describe, expect, it } from 'vitest';
import { readPlaces } from '../../../contract/named-places.ts';
import { draftPlaces, placesProblem, placesValue } from './places-draft.ts';

describe('places drawn, as the property saved', () => {
  it('writes circles and polygons (with the circle around them), keeping keys it does not know', () => {
    const drafts = draftPlaces({
      places: [
        { name: 'Depot', lat: 52.1, lon: 4.9, radius: 150, note: 'gate 2' },
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
    expect(drafts.map((d) => d.shape.kind)).toEqual(['circle', 'polygon']);
    const moved = drafts.map((d) =>
      d.shape.kind === 'circle'
        ? { ...d, shape: { ...d.shape, lat: 52.1000004, radius: 150.4 } }
        : { ...d, name: ' Yard North ' },
    );
    const value = placesValue(moved);
    expect(value[0]).toEqual({ name: 'Depot', lat: 52.1, lon: 4.9, radius: 150, note: 'gate 2' });
    expect(value[1]).toMatchObject({
      name: 'Yard North',
      polygon: [
        [52, 5],
        [52, 5.002],
        [52.002, 5.002],
      ],
    });
    const [, yard] = readPlaces({ places: value });
    expect(yard?.polygon).toHaveLength(3);
    expect(yard?.radius).toBeGreaterThan(100);
  });

  it('says which place the cloud would refuse, and why', () => {
    const drafts = draftPlaces({
      places: [
        { name: 'Depot', lat: 52.1, lon: 4.9, radius: 150 },
        { name: '', lat: 52.2, lon: 4.9, radius: 150 },
      ],
    });
    expect(placesProblem(drafts)).toEqual({ index: 1, reason: '"places[1]".name must be a name' });
    expect(placesProblem(drafts.slice(0, 1))).toBeUndefined();
  });
});
