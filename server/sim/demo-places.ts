import type { NamedPlace } from '../../contract/named-places.ts';
import { places, type PlaceId } from './amsterdam.ts';
import type { DemoGroupKey, Vehicle } from './fleet.ts';

/** Depots and hubs: every dock and parking spot of one lies within 140 m of its waypoint. */
const YARD_RADIUS_M = 250;
/** A district's customers are 60–350 m from its waypoint (day-plan.ts, `address`). */
const CUSTOMERS_RADIUS_M = 400;
/** A driver who takes the van home parks within a few metres of the same spot every night. */
const HOME_RADIUS_M = 150;

const at = (id: PlaceId, name: string, radius: number): NamedPlace => ({
  name,
  lat: places[id].lat,
  lon: places[id].lon,
  radius,
});

/**
 * The named places of a demo group's properties (docs/decisions/0063-places-not-coordinates.md):
 * its members' depots and hubs, and the districts where they deliver, so that stops read
 * "Westpoort distribution centre" or "Jordaan customers" rather than coordinates.
 */
export function demoGroupPlaces(key: DemoGroupKey, fleet: readonly Vehicle[]): NamedPlace[] {
  const members = fleet.filter((vehicle) => vehicle.group === key);
  const yards = new Set<PlaceId>();
  const districts = new Set<PlaceId>();
  for (const vehicle of members) {
    yards.add(vehicle.depot.place);
    for (const hub of vehicle.hubs) yards.add(hub.place);
    for (const stop of vehicle.stops) districts.add(stop);
  }
  for (const yard of yards) districts.delete(yard);
  return [
    ...[...yards].map((id) => at(id, places[id].label, YARD_RADIUS_M)),
    ...[...districts].map((id) => at(id, `${places[id].label} customers`, CUSTOMERS_RADIUS_M)),
  ];
}

/** A node's own places: where its driver parks it overnight, when that is not the depot. */
export function demoNodePlaces(vehicle: Vehicle): NamedPlace[] {
  if (vehicle.home === vehicle.depot) return [];
  return [
    {
      name: `${vehicle.name} driver's home`,
      lat: vehicle.home.lat,
      lon: vehicle.home.lon,
      radius: HOME_RADIUS_M,
    },
  ];
}
