import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { nearestPlace, readPlaces, type NamedPlace } from '../../../contract/named-places.ts';
import { testUuid } from '../../test/fake-history.ts';
import { placeBook } from './place-book.ts';

const depot = { name: 'Westpoort depot', lat: 52.399, lon: 4.824, radius: 250 };
const customer = { name: 'Albert Heijn Jordaan', lat: 52.376, lon: 4.883, radius: 100 };
const record = (
  n: number,
  channelType: ChannelRecord['channelType'],
  properties?: Record<string, unknown>,
): ChannelRecord => ({
  uuid: testUuid(n),
  channelType,
  name: `${channelType} ${n}`,
  active: true,
  pushInterval: 0,
  ...(properties ? { properties } : {}),
});

describe('named places', () => {
  it('names a position by the place whose circle holds it, the nearest centre winning', () => {
    const inner = { name: 'Dock 3', lat: 52.3991, lon: 4.8241, radius: 30 };
    const places = [depot, inner];
    expect(nearestPlace(places, 52.39912, 4.82412)?.name).toBe('Dock 3');
    expect(nearestPlace(places, 52.3985, 4.8245)?.name).toBe('Westpoort depot');
    // 1 km away: no place holds it, and no name is better than a wrong one.
    expect(nearestPlace(places, 52.408, 4.824)).toBeUndefined();
    expect(nearestPlace(places, Number.NaN, 4.8)).toBeUndefined();
  });

  it('never names a position outside the radius of the place it names', () => {
    const place = fc.record({
      name: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      lat: fc.double({ min: -80, max: 80, noNaN: true }),
      lon: fc.double({ min: -179, max: 179, noNaN: true }),
      radius: fc.double({ min: 1, max: 5_000, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(place, { maxLength: 8 }),
        fc.double({ min: -0.05, max: 0.05, noNaN: true }),
        fc.double({ min: -0.05, max: 0.05, noNaN: true }),
        (places: NamedPlace[], dLat, dLon) => {
          const anchor = places[0];
          if (!anchor) return;
          const found = nearestPlace(places, anchor.lat + dLat, anchor.lon + dLon);
          if (!found) return;
          const own = nearestPlace([found], anchor.lat + dLat, anchor.lon + dLon);
          expect(own).toBe(found);
        },
      ),
    );
  });

  it('reads places only from properties that can be used', () => {
    expect(readPlaces({ places: [depot] })).toEqual([depot]);
    expect(readPlaces({ places: [{ ...depot, radius: 0 }] })).toEqual([]);
    expect(readPlaces({ places: 'Westpoort' })).toEqual([]);
    expect(readPlaces(undefined)).toEqual([]);
  });

  it("pools a node's own places with its groups', for the group viewed and the node viewed alone", () => {
    const van = record(1, 'NODE', { places: [customer] });
    const other = record(2, 'NODE');
    const group = record(10, 'GROUP', { places: [depot] });
    const viewingGroup = placeBook(group, [van, other], []);
    expect(viewingGroup.nameAt(van.uuid, 52.3761, 4.8831)).toBe('Albert Heijn Jordaan');
    expect(viewingGroup.nameAt(van.uuid, 52.399, 4.824)).toBe('Westpoort depot');
    expect(viewingGroup.nameAt(other.uuid, 52.399, 4.824)).toBe('Westpoort depot');
    // The customer is the van's own: another node's stop there is not named by it.
    expect(viewingGroup.nameAt(other.uuid, 52.3761, 4.8831)).toBeUndefined();

    const viewingNode = placeBook(van, [], [{ group, members: [van] }]);
    expect(viewingNode.nameAt(van.uuid, 52.399, 4.824)).toBe('Westpoort depot');
    expect(viewingNode.nameAt(van.uuid, 52.3761, 4.8831)).toBe('Albert Heijn Jordaan');
  });
});
